import { bindNotifier, getNotifier, onNotifierHostRequested, withNotifier, type Notifier } from './notify';

const fakeNotifier = () =>
  ({ message: {}, notification: { error: vi.fn() }, modal: {} }) as unknown as Notifier & {
    notification: { error: ReturnType<typeof vi.fn> };
  };

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()!();
});

describe('notify', () => {
  it('shows a notice at once through the mounted App', () => {
    const notifier = fakeNotifier();
    cleanups.push(bindNotifier(notifier));

    withNotifier(({ notification }) => notification.error({ title: '提示' }));

    expect(notifier.notification.error).toHaveBeenCalledWith({ title: '提示' });
  });

  it('asks for an App host when none is mounted, and shows the notice once one binds', () => {
    const requested = vi.fn();
    cleanups.push(onNotifierHostRequested(requested));

    withNotifier(({ notification }) => notification.error({ title: '提示' }));
    expect(requested).toHaveBeenCalledTimes(1);
    expect(getNotifier()).toBeNull();

    const host = fakeNotifier();
    cleanups.push(bindNotifier(host));
    expect(host.notification.error).toHaveBeenCalledTimes(1);

    withNotifier(({ notification }) => notification.error({ title: '再次' }));
    expect(requested).toHaveBeenCalledTimes(1);
    expect(host.notification.error).toHaveBeenLastCalledWith({ title: '再次' });
  });

  it('asks at once when a notice already waits as the host slot subscribes', () => {
    withNotifier(() => undefined);
    const requested = vi.fn();
    cleanups.push(onNotifierHostRequested(requested));
    expect(requested).toHaveBeenCalledTimes(1);
    cleanups.push(bindNotifier(fakeNotifier()));
  });

  it('uses the App mounted last, and falls back to the earlier one when it unmounts', () => {
    const host = fakeNotifier();
    const signedInApp = fakeNotifier();
    cleanups.push(bindNotifier(host));
    const unbindSignedIn = bindNotifier(signedInApp);

    expect(getNotifier()).toBe(signedInApp);
    unbindSignedIn();
    expect(getNotifier()).toBe(host);
  });
});
