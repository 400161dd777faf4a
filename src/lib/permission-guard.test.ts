import { ensureAuthorized } from './permission-guard';
import { recordNotices } from '@/testing/fake-adapter';

describe('ensureAuthorized', () => {
  it('passes an authorized user without a notice', () => {
    const notices = recordNotices();
    expect(ensureAuthorized({ authorized: true })).toBe(true);
    expect(notices.notices).toEqual([]);
    notices.unbind();
  });

  it.each([[{ authorized: false }], [{}], [null], [undefined]])(
    'stops %j with the 403 text 暂无操作权限，请联系企业管理员',
    (user) => {
      const notices = recordNotices();
      expect(ensureAuthorized(user)).toBe(false);
      expect(notices.notices).toEqual([
        expect.objectContaining({
          kind: 'warning',
          title: '提示',
          description: '暂无操作权限，请联系企业管理员',
        }),
      ]);
      notices.unbind();
    },
  );
});
