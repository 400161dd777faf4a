import jpeg from 'jpeg-js';
import QRCode from 'qrcode';

/** About this many pixels across; the module size is a whole number of pixels, so it lands near it. */
export const QR_IMAGE_TARGET_PX = 200;
/** The light margin around the symbol, in modules (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE_MODULES = 4;
/** High enough that the module edges stay crisp for scanners. */
export const QR_JPEG_QUALITY = 90;
/** Medium error correction: survives a screen photo without making the symbol dense. */
export const QR_ERROR_CORRECTION = 'M';

const DARK = 0;
const LIGHT = 255;
const RGBA = 4;

export interface QrRaster {
  /** Pixels per module. */
  scale: number;
  /** Modules per side, without the quiet zone. */
  modules: number;
  /** Pixels per side. */
  size: number;
}

/** The geometry of the image for a symbol of `modules` per side. */
export function qrRasterOf(modules: number): QrRaster {
  const withQuietZone = modules + 2 * QR_QUIET_ZONE_MODULES;
  const scale = Math.max(1, Math.round(QR_IMAGE_TARGET_PX / withQuietZone));
  return { scale, modules, size: withQuietZone * scale };
}

/** A JPEG of the QR code for `text`: black modules on white with the quiet zone around them. */
export function renderQrJpeg(text: string): Buffer {
  const symbol = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const { size: modules, data: dark } = symbol.modules;
  const { scale, size } = qrRasterOf(modules);
  const pixels = Buffer.alloc(size * size * RGBA, LIGHT);
  const offset = QR_QUIET_ZONE_MODULES * scale;
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!dark[row * modules + col]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = ((offset + row * scale + dy) * size + offset + col * scale) * RGBA;
        for (let i = 0; i < scale * RGBA; i += RGBA) {
          pixels[start + i] = DARK;
          pixels[start + i + 1] = DARK;
          pixels[start + i + 2] = DARK;
        }
      }
    }
  }
  return jpeg.encode({ width: size, height: size, data: pixels }, QR_JPEG_QUALITY).data;
}
