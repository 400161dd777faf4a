import {
  addressWithoutEntryParams,
  captureEntryLink,
  pendingEntryParams,
  readEntryParams,
  setPendingEntryParams,
} from './entry-link';

describe('entry link parameters (spec section 2)', () => {
  afterEach(() => {
    setPendingEntryParams(null);
    window.history.replaceState(null, '', '/');
  });

  it('reads them from the query string before the #', () => {
    expect(readEntryParams({ search: '?token=T1', hash: '#/' })).toEqual({ token: 'T1' });
  });

  it("reads them from the hash's own query alike", () => {
    expect(readEntryParams({ search: '', hash: '#/user/login?crToken=C1&jumpPageType=ORDER' })).toEqual({
      crToken: 'C1',
      jumpPageType: 'ORDER',
    });
  });

  it('joins both places; the hash wins a name both give', () => {
    expect(
      readEntryParams({ search: '?token=OUTER&bizType=PLEDGE', hash: '#/?token=INNER&bizId=B9' }),
    ).toEqual({ token: 'INNER', bizType: 'PLEDGE', bizId: 'B9' });
  });

  it('is no entry link without a token or crToken', () => {
    expect(readEntryParams({ search: '?jumpPageType=ORDER', hash: '#/?bizId=1' })).toBeNull();
    expect(readEntryParams({ search: '?token=', hash: '#/' })).toBeNull();
    expect(readEntryParams({ search: '', hash: '' })).toBeNull();
  });

  it('takes the credentials out of the address and keeps other parameters', () => {
    expect(
      addressWithoutEntryParams(
        { pathname: '/', search: '?token=T&utm=mail', hash: '#/chain-bill/dashboard?crToken=C&tab=2' },
        '/entry',
      ),
    ).toBe('/?utm=mail#/entry?tab=2');
  });

  it('captures an entry link at start: parameters kept in memory, address cleaned, entry route shown', () => {
    window.history.replaceState(null, '', '/?token=SECRET#/');

    expect(captureEntryLink()).toBe(true);

    expect(pendingEntryParams()).toEqual({ token: 'SECRET' });
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/entry');
    expect(window.location.href).not.toContain('SECRET');
  });

  it('leaves an ordinary address alone', () => {
    window.history.replaceState(null, '', '/#/chain-bill/dashboard');
    expect(captureEntryLink()).toBe(false);
    expect(window.location.hash).toBe('#/chain-bill/dashboard');
    expect(pendingEntryParams()).toBeNull();
  });
});
