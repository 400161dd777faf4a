import { StrictMode, useEffect } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import AntApp from 'antd/es/app';
import { HttpError } from '@/lib/http-error';
import { bindNotifier } from '@/lib/notify';
import { setPendingEntryParams, type EntryParams } from '@/features/entry/model/entry-link';
import { EntryScreen, resetEntryScreen, type EntryScreenDeps } from './entry-screen';

/** Binds the test's antd App for code outside components (the failure modal). */
function NotifierBinding() {
  const notifier = AntApp.useApp();
  useEffect(() => bindNotifier(notifier), [notifier]);
  return null;
}

function makeDeps(overrides: Partial<EntryScreenDeps> = {}) {
  const deps = {
    signInWithAccessToken: vi.fn(async () => undefined),
    signInWithCrToken: vi.fn(async () => undefined),
    fetchBusinessState: vi.fn(async (): Promise<string | number | null> => null),
    navigate: vi.fn(),
    ...overrides,
  };
  return deps;
}

function arrive(params: EntryParams, deps: EntryScreenDeps, { strict = false } = {}) {
  setPendingEntryParams(params);
  const ui = (
    <AntApp>
      <NotifierBinding />
      <EntryScreen deps={deps} />
    </AntApp>
  );
  return render(strict ? <StrictMode>{ui}</StrictMode> : ui);
}

/** Lets the sign-in's promises settle without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('arriving by an entry link', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetEntryScreen();
  });
  afterEach(() => {
    vi.useRealTimers();
    setPendingEntryParams(null);
  });

  it('with token: 登录中, then after 2 s 页面跳转中, then after 2 s more the dashboard', async () => {
    const deps = makeDeps();
    arrive({ token: 'T1' }, deps);

    expect(screen.getByRole('status')).toHaveTextContent('登录中');
    await settle();
    expect(deps.signInWithAccessToken).toHaveBeenCalledWith('T1');

    await advance(1999);
    expect(screen.getByRole('status')).toHaveTextContent('登录中');
    await advance(1);
    expect(screen.getByRole('status')).toHaveTextContent('页面跳转中');
    expect(deps.navigate).not.toHaveBeenCalled();

    await advance(1999);
    expect(deps.navigate).not.toHaveBeenCalled();
    await advance(1);
    expect(deps.navigate).toHaveBeenCalledWith('/chain-bill/dashboard', { replace: true });
  });

  it('with crToken: exchanges it and lands on the dashboard', async () => {
    const deps = makeDeps();
    arrive({ crToken: 'C1' }, deps);
    await settle();
    expect(deps.signInWithCrToken).toHaveBeenCalledWith('C1');
    expect(deps.signInWithAccessToken).not.toHaveBeenCalled();

    await advance(4000);
    expect(deps.navigate).toHaveBeenCalledWith('/chain-bill/dashboard', { replace: true });
  });

  it('with crToken and jumpPageType=ORDER: lands on the order financing application', async () => {
    const deps = makeDeps();
    arrive({ crToken: 'C1', jumpPageType: 'ORDER' }, deps);
    await settle();
    await advance(2000);
    expect(screen.getByRole('status')).toHaveTextContent('页面跳转中');
    await advance(2000);
    expect(deps.navigate).toHaveBeenCalledWith('/chain-bill/other/bill-financing/direct-financing/apply', {
      replace: true,
    });
  });

  it.each([
    [524000000, 'open-add'],
    [524000080, 'sign'],
    ['524000240', 'interest'],
    [524000040, 'detail'],
    [524000999, 'detail'],
  ])('with token, bizType and bizId in state %s: the pledge-financing start page %s', async (state, page) => {
    const deps = makeDeps({ fetchBusinessState: vi.fn(async () => state) });
    arrive({ token: 'T1', bizType: 'PLEDGE_FIN', bizId: 'B42' }, deps);
    await settle();
    await advance(4000);
    expect(deps.fetchBusinessState).toHaveBeenCalledWith('PLEDGE_FIN', 'B42');
    expect(deps.navigate).toHaveBeenCalledWith(
      `/chain-bill/pledge-business/pledge-financing-start/sub-page/${page}/B42`,
      { replace: true },
    );
  });

  it('with token, bizType and bizId whose record cannot be read: the dashboard', async () => {
    const deps = makeDeps({
      fetchBusinessState: vi.fn(async () => {
        throw new HttpError(404, 'NOT_FOUND', '不存在', null);
      }),
    });
    arrive({ token: 'T1', bizType: 'PLEDGE_FIN', bizId: 'B42' }, deps);
    await settle();
    await advance(4000);
    expect(deps.navigate).toHaveBeenCalledWith('/chain-bill/dashboard', { replace: true });
  });

  it('a failed sign-in replaces the route with /user/login and shows the 提示 modal with the message', async () => {
    const deps = makeDeps({
      signInWithCrToken: vi.fn(async () => {
        throw new HttpError(400, 'invalid_grant', 'crToken used', { error: 'invalid_grant' });
      }),
    });
    arrive({ crToken: 'USED' }, deps);
    await settle();

    expect(deps.navigate).toHaveBeenCalledWith('/user/login', { replace: true });
    await advance(500);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByText('提示').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('登录已超时，请重新登录')).toBeInTheDocument();
    await advance(5000);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
  });

  it('signs in once even when React mounts the screen twice (a crToken is good for one exchange)', async () => {
    const deps = makeDeps();
    arrive({ crToken: 'C1' }, deps, { strict: true });
    await settle();
    await advance(4000);
    expect(deps.signInWithCrToken).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
  });

  it('without a captured link (a reload of #/entry) goes to the root', () => {
    const deps = makeDeps();
    setPendingEntryParams(null);
    render(<EntryScreen deps={deps} />);
    expect(deps.navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
