import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds the calls of the next 200 ms into one run at its end', () => {
    const run = vi.fn();
    const throttled = throttle(run, 200);

    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(30);
      throttled();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs twice within 200 ms', () => {
    const times: number[] = [];
    const throttled = throttle(() => times.push(Date.now()), 200);
    for (let i = 0; i < 100; i += 1) {
      throttled();
      vi.advanceTimersByTime(17);
    }
    vi.advanceTimersByTime(200);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(200);
    expect(times.length).toBeGreaterThan(5);
  });

  it('runs again at once after a quiet period, and cancel drops the pending run', () => {
    const run = vi.fn();
    const throttled = throttle(run, 200);
    throttled();
    vi.advanceTimersByTime(500);
    throttled();
    expect(run).toHaveBeenCalledTimes(2);
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
