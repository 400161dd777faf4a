import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import { SLIDER_IMAGE_HEIGHT, SLIDER_IMAGE_WIDTH, SLIDER_PIECE_SIZE } from '@contract/constants';
import { drawBackground } from './background';
import { PIECE_END_MARGIN, PIECE_MIN_X_GAP, PIECE_Y_MARGIN } from './constants';
import { createPieceShape, edgeStrength, haloStrength, type PieceShape } from './piece-shape';
import { seededRandom, type Raster } from './raster';

export interface PuzzleImages {
  /** The background with the hole, PNG. */
  original: Buffer;
  /** SLIDER_PIECE_SIZE wide, full height, transparent but for the piece at `y` (AJ-Captcha's layout). */
  jigsaw: Buffer;
  /** Left edge of the piece's box in the background: the answer. */
  x: number;
  y: number;
}

/** The hole keeps this share of its brightness, so it reads as a shadow of the piece. */
const HOLE_BRIGHTNESS = 0.45;
const HOLE_OUTLINE_ALPHA = 0.75;
const PIECE_OUTLINE_ALPHA = 0.9;
const PIECE_HALO_ALPHA = 0.55;
const WHITE = [255, 255, 255] as const;
/**
 * Measured on these images: one fixed "Sub" filter with zlib's default strategy at a low level is
 * both faster and smaller than pngjs's adaptive filter with its RLE default; higher levels cost
 * more time than they save.
 */
const PNG_DEFLATE_LEVEL = 3;
const ZLIB_DEFAULT_STRATEGY = 0;
const PNG_FILTER_SUB = 1;

export const PIECE_X_RANGE = {
  min: SLIDER_PIECE_SIZE + PIECE_MIN_X_GAP,
  max: SLIDER_IMAGE_WIDTH - SLIDER_PIECE_SIZE - PIECE_END_MARGIN,
} as const;
export const PIECE_Y_RANGE = {
  min: PIECE_Y_MARGIN,
  max: SLIDER_IMAGE_HEIGHT - SLIDER_PIECE_SIZE - PIECE_Y_MARGIN,
} as const;

function encodePng(width: number, height: number, rgba: Uint8ClampedArray, withAlpha: boolean): Buffer {
  const png = new PNG({ width, height });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, {
    colorType: withAlpha ? 6 : 2,
    deflateLevel: PNG_DEFLATE_LEVEL,
    deflateStrategy: ZLIB_DEFAULT_STRATEGY,
    filterType: PNG_FILTER_SUB,
  });
}

function cutJigsaw(background: Raster, shape: PieceShape, x: number, y: number): Uint8ClampedArray {
  const size = shape.size;
  const out = new Uint8ClampedArray(size * background.height * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const src = ((y + py) * background.width + x + px) * 4;
      const dst = ((y + py) * size + px) * 4;
      const coverage = shape.coverage[py * size + px]!;
      const halo = haloStrength(shape, px, py);
      if (coverage > 0) {
        const edge = edgeStrength(shape, px, py) * PIECE_OUTLINE_ALPHA;
        for (let c = 0; c < 3; c++)
          out[dst + c] = background.data[src + c]! + (255 - background.data[src + c]!) * edge;
        out[dst + 3] = 255 * coverage + 255 * (1 - coverage) * halo * PIECE_HALO_ALPHA;
      } else if (halo > 0) {
        // A dark ring outside the white outline keeps the piece visible on light and dark backgrounds.
        out[dst + 3] = 255 * halo * PIECE_HALO_ALPHA;
      }
    }
  }
  return out;
}

function punchHole(background: Raster, shape: PieceShape, x: number, y: number): void {
  const size = shape.size;
  const data = background.data;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const coverage = shape.coverage[py * size + px]!;
      if (coverage === 0) continue;
      const i = ((y + py) * background.width + x + px) * 4;
      const dim = 1 - (1 - HOLE_BRIGHTNESS) * coverage;
      for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * dim;
      background.blend(x + px, y + py, WHITE, edgeStrength(shape, px, py) * HOLE_OUTLINE_ALPHA);
    }
  }
}

/** One fresh puzzle. The answer position comes from the CSPRNG; the drawing from a seeded fast PRNG. */
export function generatePuzzleImages(): PuzzleImages {
  const x = crypto.randomInt(PIECE_X_RANGE.min, PIECE_X_RANGE.max + 1);
  const y = crypto.randomInt(PIECE_Y_RANGE.min, PIECE_Y_RANGE.max + 1);
  const random = seededRandom(crypto.randomBytes(4).readUInt32LE(0));
  const background = drawBackground(random);
  const shape = createPieceShape(random);
  const jigsaw = cutJigsaw(background, shape, x, y);
  punchHole(background, shape, x, y);
  return {
    original: encodePng(background.width, background.height, background.data, false),
    jigsaw: encodePng(shape.size, background.height, jigsaw, true),
    x,
    y,
  };
}
