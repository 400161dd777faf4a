import Big from 'big.js';

/**
 * A "nice" top of the value axis and its ticks: 1, 2, 2.5 or 5 times a power of ten, so grid lines fall
 * on round numbers. Values are plain numbers here: they only place pixels, never money arithmetic.
 */
export function niceScale(max: number, tickCount = 4): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: tickCount, ticks: Array.from({ length: tickCount + 1 }, (_, i) => i) };
  const rough = max / tickCount;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const top = step * tickCount;
  return { top, ticks: Array.from({ length: tickCount + 1 }, (_, i) => step * i) };
}

/** A yuan string as a number for drawing. */
export function yuanToNumber(amount: string): number {
  try {
    return new Big(amount).toNumber();
  } catch {
    return 0;
  }
}
