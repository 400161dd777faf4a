import { SLIDER_IMAGE_WIDTH, SLIDER_PIECE_SIZE } from '@contract/constants';

/** The piece's furthest left offset in image pixels: it must stay inside the 310 px background. */
export const SLIDER_MAX_X = SLIDER_IMAGE_WIDTH - SLIDER_PIECE_SIZE;

/**
 * Converts a distance measured on the rendered track into image pixels. The server checks the answer
 * against the 310 px image, so a narrower (or wider) rendering must be scaled back.
 */
export function scaleToTrack(px: number, renderedWidth: number): number {
  if (!(renderedWidth > 0)) return px;
  return (px * SLIDER_IMAGE_WIDTH) / renderedWidth;
}

/** Keeps a piece offset (image pixels) within 0 .. SLIDER_MAX_X. */
export function clampToTrack(x: number): number {
  return Math.min(SLIDER_MAX_X, Math.max(0, x));
}

/** Image pixels to a CSS percentage of the rendered image width. */
export function toPercentOfImage(x: number): string {
  return `${(x / SLIDER_IMAGE_WIDTH) * 100}%`;
}
