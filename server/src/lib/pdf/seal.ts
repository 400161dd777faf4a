import type { Font } from '@pdf-lib/fontkit';
import { cjkFont } from './cjk-font';

/**
 * The template seals an e-sign account gets, drawn as vectors in millimetres. The sizes are those of the
 * common official seals: 40 mm for a limited company's official seal, 42 mm for a larger one, 38 mm for a
 * contract seal (合同专用章).
 */
export const SEAL_TEMPLATES = {
  official40: { sizeMm: 40, ringMm: 1.2, starRadiusMm: 7, nameHeightMm: 6.2, label: '企业公章（40mm）' },
  official42: { sizeMm: 42, ringMm: 1.2, starRadiusMm: 7.5, nameHeightMm: 6.5, label: '企业公章（42mm）' },
  contract38: { sizeMm: 38, ringMm: 1.0, starRadiusMm: 6.5, nameHeightMm: 5.8, label: '合同专用章（38mm）' },
} as const;
export type SealTemplate = keyof typeof SEAL_TEMPLATES;
export const SEAL_TEMPLATE_NAMES = Object.keys(SEAL_TEMPLATES) as SealTemplate[];

export const SEAL_RED = '#e60012';
/** The name along the upper arc spans at most this angle, and at least this much for a short name. */
const NAME_ARC_MAX_DEG = 250;
const NAME_ARC_MIN_DEG = 150;
/** The horizontal text sits this far below the centre (as a share of the radius), this tall. */
const LABEL_OFFSET = 0.55;
const LABEL_HEIGHT_MM = 4.2;

export interface SealSpec {
  template: SealTemplate;
  /** The organisation's full registered name, along the upper arc. */
  name: string;
  /** Optional horizontal text below the star (合同专用章, 财务专用章...). */
  label?: string | undefined;
}

/** A filled or stroked outline in the seal's square, millimetres, origin at the top left, y downwards. */
export interface SealShape {
  d: string;
  fill: boolean;
  strokeMm: number;
}

export interface SealDrawing {
  sizeMm: number;
  shapes: SealShape[];
}

interface PathCommand {
  command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  args: number[];
}

const fmt = (n: number) => (Math.round(n * 1000) / 1000).toString();

/** A circle as two arcs (SVG and pdf-lib's path drawing both read them). */
function circlePath(cx: number, cy: number, r: number): string {
  return `M${fmt(cx - r)} ${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(cx + r)} ${fmt(cy)}A${fmt(r)} ${fmt(r)} 0 1 0 ${fmt(cx - r)} ${fmt(cy)}Z`;
}

/** A five-pointed star, one point up. */
function starPath(cx: number, cy: number, outer: number): string {
  const inner = outer * 0.382;
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${fmt(cx + r * Math.cos(angle))} ${fmt(cy + r * Math.sin(angle))}`);
  }
  return `M${points.join('L')}Z`;
}

/**
 * One glyph's outline as SVG path data: scaled to `heightMm` per em (`squeeze` narrows it), centred on its
 * advance at the origin, its baseline at `baseline` below it, then rotated by `angle` and moved to (x, y).
 */
function glyphPath(
  font: Font,
  char: string,
  heightMm: number,
  squeeze: number,
  place: { x: number; y: number; angle: number; baseline: number },
): string {
  const glyph = font.glyphForCodePoint(char.codePointAt(0) ?? 0);
  const scale = heightMm / font.unitsPerEm;
  const half = glyph.advanceWidth / 2;
  const cos = Math.cos(place.angle);
  const sin = Math.sin(place.angle);
  const point = (gx: number, gy: number): string => {
    // Font units are y-up from the baseline; the seal is y-down.
    const lx = (gx - half) * scale * squeeze;
    const ly = -gy * scale + place.baseline;
    return `${fmt(place.x + lx * cos - ly * sin)} ${fmt(place.y + lx * sin + ly * cos)}`;
  };
  const commands = (glyph.path as unknown as { commands: PathCommand[] }).commands;
  let d = '';
  for (const { command, args } of commands) {
    const pairs: string[] = [];
    for (let i = 0; i + 1 < args.length; i += 2) pairs.push(point(args[i] ?? 0, args[i + 1] ?? 0));
    if (command === 'moveTo') d += `M${pairs.join(' ')}`;
    else if (command === 'lineTo') d += `L${pairs.join(' ')}`;
    else if (command === 'quadraticCurveTo') d += `Q${pairs.join(' ')}`;
    else if (command === 'bezierCurveTo') d += `C${pairs.join(' ')}`;
    else d += 'Z';
  }
  return d;
}

/** The em box's share above the baseline: the glyphs are centred on their em box, not on the baseline. */
function baselineShift(font: Font, heightMm: number): number {
  return ((font.ascent + font.descent) / 2 / font.unitsPerEm) * heightMm;
}

/** The seal: red ring, star in the middle, the name along the upper arc, the optional label below the star. */
export async function drawSeal(spec: SealSpec): Promise<SealDrawing> {
  const font = await cjkFont();
  const t = SEAL_TEMPLATES[spec.template];
  const size = t.sizeMm;
  const c = size / 2;
  const ringRadius = c - t.ringMm / 2;
  const shapes: SealShape[] = [
    { d: circlePath(c, c, ringRadius), fill: false, strokeMm: t.ringMm },
    { d: starPath(c, c, t.starRadiusMm), fill: true, strokeMm: 0 },
  ];

  const chars = [...spec.name.trim()];
  if (chars.length > 0) {
    const height = t.nameHeightMm;
    // The glyphs' centres run on this circle, inside the ring with a small gap.
    const textRadius = c - t.ringMm - 0.8 - height / 2;
    const arcDeg = Math.min(NAME_ARC_MAX_DEG, Math.max(NAME_ARC_MIN_DEG, chars.length * 22));
    const stepRad = ((arcDeg / Math.max(chars.length - 1, 1)) * Math.PI) / 180;
    // Long names squeeze their characters rather than overlap them.
    const room = textRadius * stepRad;
    const squeeze = Math.min(1, (room * 0.92) / height);
    const start = -Math.PI / 2 - ((chars.length - 1) * stepRad) / 2;
    const shift = baselineShift(font, height);
    const d = chars
      .map((char, i) => {
        const angle = start + i * stepRad;
        return glyphPath(font, char, height, squeeze, {
          x: c + textRadius * Math.cos(angle),
          y: c + textRadius * Math.sin(angle),
          // Upright at the top, each character's foot towards the centre.
          angle: angle + Math.PI / 2,
          baseline: shift,
        });
      })
      .join('');
    shapes.push({ d, fill: true, strokeMm: 0.12 });
  }

  const label = spec.label?.trim();
  if (label) {
    const chars2 = [...label];
    const height = LABEL_HEIGHT_MM;
    const width = Math.min(height, (size * 0.6) / chars2.length);
    const y = c + c * LABEL_OFFSET;
    const d = chars2
      .map((char, i) =>
        glyphPath(font, char, height, width / height, {
          x: c + (i - (chars2.length - 1) / 2) * width,
          y,
          angle: 0,
          baseline: baselineShift(font, height),
        }),
      )
      .join('');
    shapes.push({ d, fill: true, strokeMm: 0.08 });
  }
  return { sizeMm: size, shapes };
}

/** The seal as an SVG document (the web shows it as an image), sized in millimetres. */
export function sealSvg(drawing: SealDrawing): string {
  const s = drawing.sizeMm;
  const body = drawing.shapes
    .map((shape) =>
      shape.fill
        ? `<path d="${shape.d}" fill="${SEAL_RED}"${shape.strokeMm ? ` stroke="${SEAL_RED}" stroke-width="${shape.strokeMm}"` : ''}/>`
        : `<path d="${shape.d}" fill="none" stroke="${SEAL_RED}" stroke-width="${shape.strokeMm}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}mm" height="${s}mm" viewBox="0 0 ${s} ${s}">${body}</svg>`;
}
