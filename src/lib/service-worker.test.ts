import { isUpdateWaiting, onUpdateWaiting, resetServiceWorkerState, watchForUpdates } from './service-worker';

describe('service worker updates (spec section 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetServiceWorkerState();
  });
  afterEach(() => vi.useRealTimers());

  it('checks every 1 s for a waiting version and raises the flag once', () => {
    const registration = { active: {}, waiting: null as unknown, update: vi.fn(async () => undefined) };
    const onWaiting = vi.fn();
    const flags: boolean[] = [];
    onUpdateWaiting((waiting) => flags.push(waiting));
    const watch = watchForUpdates(registration, onWaiting);

    vi.advanceTimersByTime(3000);
    expect(isUpdateWaiting()).toBe(false);
    expect(onWaiting).not.toHaveBeenCalled();

    registration.waiting = {};
    vi.advanceTimersByTime(999);
    expect(isUpdateWaiting()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isUpdateWaiting()).toBe(true);
    expect(onWaiting).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(10_000);
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(flags).toEqual([true]);
    watch.stop();
  });

  it('offers nothing while the first install passes through waiting with no active version', () => {
    const registration = {
      active: null as unknown,
      waiting: {} as unknown,
      update: vi.fn(async () => undefined),
    };
    const onWaiting = vi.fn();
    const watch = watchForUpdates(registration, onWaiting);

    vi.advanceTimersByTime(3000);
    expect(isUpdateWaiting()).toBe(false);
    expect(onWaiting).not.toHaveBeenCalled();

    // Activated, and later a second version arrives: that one is offered.
    registration.active = registration.waiting;
    registration.waiting = null;
    vi.advanceTimersByTime(3000);
    registration.waiting = {};
    vi.advanceTimersByTime(1000);
    expect(onWaiting).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('asks the server for a new version every hour, and a failed check changes nothing', () => {
    const registration = {
      active: {},
      waiting: null,
      update: vi.fn(async () => Promise.reject(new Error('offline'))),
    };
    const watch = watchForUpdates(registration, () => undefined);

    vi.advanceTimersByTime(59 * 60 * 1000);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 1000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(registration.update).toHaveBeenCalledTimes(2);
    watch.stop();
  });
});
