import type { PermissionItem } from '@contract/auth-schemas';
import { buildPermissionMap, stripPermissionPrefix } from './permissions-map';

const item = (path: string, granted = true): PermissionItem => ({ path, name: path, granted });

describe('permissions map', () => {
  it('strips the leading /normal (7 characters)', () => {
    expect(stripPermissionPrefix('/normal/chain-bill/dashboard')).toBe('/chain-bill/dashboard');
    expect(stripPermissionPrefix('/chain-bill/dashboard')).toBe('/chain-bill/dashboard');
    expect(stripPermissionPrefix('/other/normal')).toBe('/other/normal');
  });

  it('maps every granted item with a path to true', () => {
    expect(
      buildPermissionMap([
        item('/normal/chain-bill/dashboard'),
        item('/normal/chain-bill/issue'),
        item('/plain'),
      ]),
    ).toEqual({ '/chain-bill/dashboard': true, '/chain-bill/issue': true, '/plain': true });
  });

  it('leaves out items that are not granted or have no path', () => {
    expect(
      buildPermissionMap([
        item('/normal/chain-bill/discount', false),
        item(''),
        { name: 'no path', granted: true } as PermissionItem,
        item('/normal'),
      ]),
    ).toEqual({});
  });
});
