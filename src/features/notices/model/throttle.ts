/**
 * At most one run per `waitMs`: the first call runs at once; calls during the wait are folded into one
 * run when it ends (spec section 7, the notice refresh: one run per 200 ms). `cancel` drops a pending run.
 */
export function throttle(run: () => void, waitMs: number): { (): void; cancel: () => void } {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fire = () => {
    timer = undefined;
    lastRun = Date.now();
    run();
  };

  const throttled = () => {
    const since = Date.now() - lastRun;
    if (since >= waitMs) {
      if (timer === undefined) fire();
      return;
    }
    timer ??= setTimeout(fire, waitMs - since);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
