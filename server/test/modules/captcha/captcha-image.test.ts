import { PNG } from 'pngjs';
import { SLIDER_IMAGE_HEIGHT, SLIDER_IMAGE_WIDTH, SLIDER_PIECE_SIZE } from '@contract/constants';
import {
  PIECE_X_RANGE,
  PIECE_Y_RANGE,
  generatePuzzleImages,
} from '../../../src/modules/captcha/puzzle-image';
import {
  answerXOf,
  captchaHarness,
  fetchPuzzle,
  getPuzzle,
  type CaptchaHarness,
} from '../../support/captcha-helpers';

const decode = (base64: string) => PNG.sync.read(Buffer.from(base64, 'base64'));
const OPAQUE = 255;

function opaqueRows(png: PNG): number[] {
  const rows = new Set<number>();
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) if (png.data[(y * png.width + x) * 4 + 3] === OPAQUE) rows.add(y);
  }
  return [...rows];
}

describe('the puzzle images', () => {
  let h: CaptchaHarness;
  beforeAll(async () => {
    h = await captchaHarness();
  });
  afterAll(() => h.close());

  it('answers a 310x155 background and a 47-wide, full-height piece as bare base64 PNG', async () => {
    const { response, body } = await getPuzzle(h.app, { clientUid: 'slider-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ repCode: '0000', repMsg: null });
    const puzzle = body.repData!;
    expect(puzzle.secretKey).toMatch(/^[\x21-\x7e]{16}$/);
    expect(Buffer.from(puzzle.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(puzzle.originalImageBase64).not.toMatch(/^data:/);
    const original = decode(puzzle.originalImageBase64);
    const jigsaw = decode(puzzle.jigsawImageBase64);
    expect([original.width, original.height]).toEqual([SLIDER_IMAGE_WIDTH, SLIDER_IMAGE_HEIGHT]);
    expect([jigsaw.width, jigsaw.height]).toEqual([SLIDER_PIECE_SIZE, SLIDER_IMAGE_HEIGHT]);
  });

  it('draws the piece as opaque pixels within one 47-px band and leaves the rest transparent', async () => {
    const jigsaw = decode((await fetchPuzzle(h.app)).jigsawImageBase64);
    const rows = opaqueRows(jigsaw);
    expect(rows.length).toBeGreaterThan(SLIDER_PIECE_SIZE / 2);
    expect(Math.max(...rows) - Math.min(...rows)).toBeLessThan(SLIDER_PIECE_SIZE);
    const transparentCorner = jigsaw.data[3];
    expect(transparentCorner).toBe(0);
  });

  it('cuts the piece where the stored answer says, with room at both ends of the track', async () => {
    const puzzle = await fetchPuzzle(h.app);
    const x = await answerXOf(h.db, puzzle.token);
    expect(x).toBeGreaterThanOrEqual(SLIDER_PIECE_SIZE + 10);
    expect(x).toBeLessThanOrEqual(SLIDER_IMAGE_WIDTH - SLIDER_PIECE_SIZE - 5);
  });

  it('never serves the same images twice', async () => {
    const puzzles = await Promise.all(Array.from({ length: 6 }, () => fetchPuzzle(h.app)));
    expect(new Set(puzzles.map((p) => p.originalImageBase64)).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((p) => p.jigsawImageBase64)).size).toBe(puzzles.length);
  });
});

describe('the generator', () => {
  it('darkens the hole in the background where the piece was cut', () => {
    const images = generatePuzzleImages();
    const original = PNG.sync.read(images.original);
    const jigsaw = PNG.sync.read(images.jigsaw);
    // Inside the piece (fully opaque in the jigsaw) the background is darker than the piece itself.
    let holeLight = 0;
    let pieceLight = 0;
    for (let y = images.y; y < images.y + SLIDER_PIECE_SIZE; y++) {
      for (let x = 0; x < SLIDER_PIECE_SIZE; x++) {
        const j = (y * SLIDER_PIECE_SIZE + x) * 4;
        if (jigsaw.data[j + 3] !== OPAQUE) continue;
        const o = (y * SLIDER_IMAGE_WIDTH + images.x + x) * 4;
        holeLight += original.data[o]! + original.data[o + 1]! + original.data[o + 2]!;
        pieceLight += jigsaw.data[j]! + jigsaw.data[j + 1]! + jigsaw.data[j + 2]!;
      }
    }
    expect(holeLight).toBeLessThan(pieceLight * 0.8);
  });

  it('spreads the cut-out over the whole allowed range', () => {
    const xs = new Set<number>();
    const ys = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const { x, y } = generatePuzzleImages();
      expect(x).toBeGreaterThanOrEqual(PIECE_X_RANGE.min);
      expect(x).toBeLessThanOrEqual(PIECE_X_RANGE.max);
      expect(y).toBeGreaterThanOrEqual(PIECE_Y_RANGE.min);
      expect(y).toBeLessThanOrEqual(PIECE_Y_RANGE.max);
      xs.add(x);
      ys.add(y);
    }
    expect(xs.size).toBeGreaterThan(20);
    expect(ys.size).toBeGreaterThan(10);
  });
});
