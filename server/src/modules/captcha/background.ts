import { SLIDER_IMAGE_HEIGHT, SLIDER_IMAGE_WIDTH } from '@contract/constants';
import { Raster, between, hsl, type Random, type Rgb } from './raster';

/**
 * A new background for every puzzle: random palette and gradient, then random shapes and lines,
 * then grain. No stock images, so a solver cannot learn a fixed set of backgrounds.
 */
const SHAPES = { min: 8, max: 16 };
const LINES = { min: 2, max: 5 };
const GRAIN = { density: 0.18, strength: 28 };

function palette(random: Random): (lightness?: number) => Rgb {
  const base = random() * 360;
  const hues = [base, base + between(random, 25, 60), base + between(random, 150, 210)];
  return (lightness = between(random, 0.3, 0.75)) =>
    hsl(hues[Math.floor(random() * hues.length)]! % 360, between(random, 0.35, 0.8), lightness);
}

const count = (random: Random, range: { min: number; max: number }) =>
  range.min + Math.floor(random() * (range.max - range.min + 1));

export function drawBackground(random: Random): Raster {
  const w = SLIDER_IMAGE_WIDTH;
  const h = SLIDER_IMAGE_HEIGHT;
  const canvas = new Raster(w, h);
  const colour = palette(random);
  canvas.linearGradient(random() * Math.PI * 2, [colour(), colour(), colour()]);

  for (let i = count(random, SHAPES); i > 0; i--) {
    const cx = random() * w;
    const cy = random() * h;
    const size = between(random, 8, 45);
    const alpha = between(random, 0.25, 0.75);
    const kind = Math.floor(random() * 4);
    if (kind === 0) canvas.ellipse(cx, cy, size, size * between(random, 0.5, 1), colour(), alpha);
    else if (kind === 1)
      canvas.rotatedRect(cx, cy, size, size * between(random, 0.3, 1), random() * Math.PI, colour(), alpha);
    else if (kind === 2) canvas.ring(cx, cy, size, between(random, 2, 6), colour(), alpha);
    else {
      const corner = (): [number, number] => [
        cx + between(random, -size, size) * 1.5,
        cy + between(random, -size, size) * 1.5,
      ];
      canvas.triangle([corner(), corner(), corner()], colour(), alpha);
    }
  }
  for (let i = count(random, LINES); i > 0; i--) {
    canvas.line(
      random() * w,
      random() * h,
      random() * w,
      random() * h,
      between(random, 1, 4),
      colour(),
      between(random, 0.4, 0.8),
    );
  }
  canvas.grain(random, GRAIN.density, GRAIN.strength);
  return canvas;
}
