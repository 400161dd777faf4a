import { SLIDER_PIECE_SIZE } from '@contract/constants';
import type { Random } from './raster';

/**
 * The jigsaw outline inside the SLIDER_PIECE_SIZE box: a square body with a knob (tab) out of or
 * into (blank) some of its sides. The box's left edge is the answer x whatever the shape, as in
 * AJ-Captcha, so the shape only has to look like a piece and vary.
 */
const BODY_INSET = 7;
const KNOB_RADIUS = 5.5;
/** The knob's centre sits this far past the side (outwards for a tab, inwards for a blank). */
const KNOB_OFFSET = 1.5;
/** 3x3 samples per pixel: smooth enough an edge, a third of the cost of 4x4. */
const SUBSAMPLES = 3;

type Knob = 'flat' | 'tab' | 'blank';
type Side = 'top' | 'right' | 'bottom' | 'left';
const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

export interface PieceShape {
  size: number;
  /** Coverage 0..1 per pixel, row-major size x size. */
  coverage: Float32Array;
}

function chooseKnobs(random: Random): Record<Side, Knob> {
  const knobs = Object.fromEntries(
    SIDES.map((side) => [side, random() < 0.5 ? 'flat' : random() < 0.6 ? 'tab' : 'blank']),
  ) as Record<Side, Knob>;
  // A bare square reads as a box, not a puzzle piece.
  if (!SIDES.some((side) => knobs[side] === 'tab')) knobs[SIDES[Math.floor(random() * 4)]!] = 'tab';
  return knobs;
}

function knobCentre(side: Side, knob: Knob, size: number): [number, number] {
  const lo = BODY_INSET;
  const hi = size - BODY_INSET;
  const mid = size / 2;
  const out = knob === 'tab' ? KNOB_OFFSET : -KNOB_OFFSET;
  switch (side) {
    case 'top':
      return [mid, lo - out];
    case 'bottom':
      return [mid, hi + out];
    case 'left':
      return [lo - out, mid];
    case 'right':
      return [hi + out, mid];
  }
}

export function createPieceShape(random: Random, size = SLIDER_PIECE_SIZE): PieceShape {
  const knobs = chooseKnobs(random);
  const circles = SIDES.filter((side) => knobs[side] !== 'flat').map((side) => ({
    centre: knobCentre(side, knobs[side], size),
    tab: knobs[side] === 'tab',
  }));
  const radius2 = KNOB_RADIUS * KNOB_RADIUS;
  const inKnob = (x: number, y: number, tab: boolean): boolean => {
    for (const c of circles) {
      const dx = x - c.centre[0];
      const dy = y - c.centre[1];
      if (c.tab === tab && dx * dx + dy * dy <= radius2) return true;
    }
    return false;
  };
  const inside = (x: number, y: number): boolean => {
    const inBody = x >= BODY_INSET && x <= size - BODY_INSET && y >= BODY_INSET && y <= size - BODY_INSET;
    return (inBody && !inKnob(x, y, false)) || inKnob(x, y, true);
  };
  const coverage = new Float32Array(size * size);
  const step = 1 / SUBSAMPLES;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < SUBSAMPLES; sy++) {
        for (let sx = 0; sx < SUBSAMPLES; sx++) {
          if (inside(x + (sx + 0.5) * step, y + (sy + 0.5) * step)) hits++;
        }
      }
      coverage[y * size + x] = hits / (SUBSAMPLES * SUBSAMPLES);
    }
  }
  return { size, coverage };
}

/** 0..1: how much of a pixel's 4-neighbourhood lies outside the piece (its outline strength). */
export function edgeStrength(shape: PieceShape, x: number, y: number): number {
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= shape.size || py >= shape.size ? 0 : shape.coverage[py * shape.size + px]!;
  const own = at(x, y);
  if (own === 0) return 0;
  const lowest = Math.min(at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1), own);
  return 1 - lowest;
}

/** 0..1: how strongly a pixel just outside the piece borders it (for the drop shadow ring). */
export function haloStrength(shape: PieceShape, x: number, y: number): number {
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= shape.size || py >= shape.size ? 0 : shape.coverage[py * shape.size + px]!;
  const own = at(x, y);
  return (1 - own) * Math.max(at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1));
}
