// @vitest-environment node
import { paced, slot } from '../../bench/lib/write-acts.mjs';

/** When each of `flows` flows, all starting at once, got its `acts` slots (ms after the start). */
async function starts(flows: number, acts: number): Promise<number[]> {
  const begun = performance.now();
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: flows }, async () => {
      for (let i = 0; i < acts; i++) {
        await slot();
        times.push(performance.now() - begun);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

describe("the write bench's pace", () => {
  it('starts acts one interval apart over all flows together', async () => {
    const times = await paced(200, () => starts(4, 5));
    expect(times).toHaveLength(20);
    // 5 ms apart at 200 acts/s (a timer may fire a little late, never early).
    times.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(5 * i - 1));
  });

  it('lets acts go at once outside a paced run, and after one', async () => {
    await paced(10, () => starts(1, 2));
    let done = false;
    void starts(3, 3).then(() => (done = true));
    // Without a pace no act waits for a timer: all have started before the event loop turns.
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(true);
  });
});
