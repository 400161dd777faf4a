/**
 * A tiny RGBA canvas for the puzzle backgrounds: just the primitives the generator needs, with
 * one-pixel anti-aliased edges so shapes do not look like a bot's target grid.
 */
export type Rgb = readonly [number, number, number];

/** A fast seeded generator: pixels need volume, not cryptographic strength (the answer x does). */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (random: Random, min: number, max: number): number => min + random() * (max - min);

export function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
/** Math.hypot is several times slower and runs per pixel here. */
const length = (x: number, y: number) => Math.sqrt(x * x + y * y);

export class Raster {
  /** Clamped so that blending never wraps around. */
  readonly data: Uint8ClampedArray;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }

  blend(x: number, y: number, [r, g, b]: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const d = this.data;
    d[i] = d[i]! + (r - d[i]!) * alpha;
    d[i + 1] = d[i + 1]! + (g - d[i + 1]!) * alpha;
    d[i + 2] = d[i + 2]! + (b - d[i + 2]!) * alpha;
    d[i + 3] = 255;
  }

  /** Three-stop gradient along `angle` (radians) over the whole canvas. */
  linearGradient(angle: number, stops: readonly [Rgb, Rgb, Rgb]): void {
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const corners = [0, this.width * dx, this.height * dy, this.width * dx + this.height * dy];
    const lo = Math.min(...corners);
    const span = Math.max(...corners) - lo || 1;
    const d = this.data;
    for (let y = 0, i = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++, i += 4) {
        const t = (x * dx + y * dy - lo) / span;
        const from = t < 0.5 ? stops[0] : stops[1];
        const to = t < 0.5 ? stops[1] : stops[2];
        const u = t < 0.5 ? t * 2 : t * 2 - 1;
        d[i] = from[0] + (to[0] - from[0]) * u;
        d[i + 1] = from[1] + (to[1] - from[1]) * u;
        d[i + 2] = from[2] + (to[2] - from[2]) * u;
        d[i + 3] = 255;
      }
    }
  }

  /**
   * Paints every pixel of the box whose signed distance `sdf(x, y)` (negative inside) is below
   * half a pixel, fading over one pixel.
   */
  private fillSdf(
    box: [number, number, number, number],
    color: Rgb,
    alpha: number,
    sdf: (x: number, y: number) => number,
  ): void {
    const x0 = Math.max(0, Math.floor(box[0]));
    const y0 = Math.max(0, Math.floor(box[1]));
    const x1 = Math.min(this.width - 1, Math.ceil(box[2]));
    const y1 = Math.min(this.height - 1, Math.ceil(box[3]));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const coverage = clamp01(0.5 - sdf(x + 0.5, y + 0.5));
        if (coverage > 0) this.blend(x, y, color, alpha * coverage);
      }
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha: number): void {
    const r = Math.min(rx, ry);
    this.fillSdf([cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1], color, alpha, (x, y) => {
      const nx = (x - cx) / rx;
      const ny = (y - cy) / ry;
      return (Math.sqrt(nx * nx + ny * ny) - 1) * r;
    });
  }

  ring(cx: number, cy: number, radius: number, thickness: number, color: Rgb, alpha: number): void {
    const reach = radius + thickness;
    this.fillSdf(
      [cx - reach, cy - reach, cx + reach, cy + reach],
      color,
      alpha,
      (x, y) => Math.abs(length(x - cx, y - cy) - radius) - thickness / 2,
    );
  }

  /** A rectangle of half-sizes hw, hh centred on (cx, cy), turned by `angle`. */
  rotatedRect(
    cx: number,
    cy: number,
    hw: number,
    hh: number,
    angle: number,
    color: Rgb,
    alpha: number,
  ): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const reach = length(hw, hh) + 1;
    this.fillSdf([cx - reach, cy - reach, cx + reach, cy + reach], color, alpha, (x, y) => {
      const lx = Math.abs((x - cx) * cos + (y - cy) * sin) - hw;
      const ly = Math.abs(-(x - cx) * sin + (y - cy) * cos) - hh;
      return Math.max(lx, ly);
    });
  }

  triangle(points: readonly [number, number][], color: Rgb, alpha: number): void {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const edges = points.map((p, i) => [p, points[(i + 1) % points.length]!] as const);
    const clockwise = edges.reduce((sum, [a, b]) => sum + (b[0] - a[0]) * (b[1] + a[1]), 0) > 0;
    this.fillSdf(
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      color,
      alpha,
      (x, y) => {
        let d = -Infinity;
        for (const [a, b] of edges) {
          const ex = b[0] - a[0];
          const ey = b[1] - a[1];
          const side = ((x - a[0]) * ey - (y - a[1]) * ex) / (length(ex, ey) || 1);
          d = Math.max(d, clockwise ? side : -side);
        }
        return d;
      },
    );
  }

  line(ax: number, ay: number, bx: number, by: number, thickness: number, color: Rgb, alpha: number): void {
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey || 1;
    const pad = thickness + 1;
    const box: [number, number, number, number] = [
      Math.min(ax, bx) - pad,
      Math.min(ay, by) - pad,
      Math.max(ax, bx) + pad,
      Math.max(ay, by) + pad,
    ];
    this.fillSdf(box, color, alpha, (x, y) => {
      const t = clamp01(((x - ax) * ex + (y - ay) * ey) / len2);
      return length(x - ax - t * ex, y - ay - t * ey) - thickness / 2;
    });
  }

  /** Sparse grain: a share of pixels nudged lighter or darker (dense noise would bloat the PNG). */
  grain(random: Random, density: number, strength: number): void {
    const d = this.data;
    const pixels = this.width * this.height;
    for (let n = Math.round(pixels * density); n > 0; n--) {
      const i = Math.floor(random() * pixels) * 4;
      const delta = (random() * 2 - 1) * strength;
      d[i] = d[i]! + delta;
      d[i + 1] = d[i + 1]! + delta;
      d[i + 2] = d[i + 2]! + delta;
    }
  }
}
