/**
 * The steps' illustrations: small line drawings, inline as SVG data URLs (the page's CSP allows data: images),
 * so the panel needs no image files and its preview shows the same drawing larger.
 */

const BLUE = '#1456c8';
const LIGHT = '#e8f0fe';
const GREEN = '#1f8a4c';

const svg = (body: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100" width="160" height="100">` +
      `<rect width="160" height="100" rx="8" fill="#f7f9fc"/>${body}</svg>`,
  )}`;

/** A phone whose camera frames a QR code. */
const phone = (x: number, screen: string) =>
  `<rect x="${x}" y="14" width="44" height="74" rx="6" fill="#fff" stroke="${BLUE}" stroke-width="2"/>` +
  `<rect x="${x + 5}" y="22" width="34" height="56" rx="2" fill="${LIGHT}"/>${screen}`;

const qr = (x: number, y: number, s: number) =>
  `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="#fff" stroke="#333" stroke-width="1.5"/>` +
  [
    [0, 0],
    [s - 8, 0],
    [0, s - 8],
  ]
    .map(([dx, dy]) => `<rect x="${x + dx! + 1}" y="${y + dy! + 1}" width="6" height="6" fill="#333"/>`)
    .join('') +
  `<rect x="${x + s / 2 - 2}" y="${y + s / 2 - 2}" width="4" height="4" fill="#333"/>`;

export const STEP_IMAGES = {
  LICENSE: [
    // Scan the QR code with the licence app.
    svg(
      phone(20, `<path d="M30 40h24M30 50h24M30 60h14" stroke="${BLUE}" stroke-width="2"/>`) +
        `<path d="M72 50h18" stroke="${BLUE}" stroke-width="2" stroke-dasharray="4 3"/>` +
        qr(96, 26, 46),
    ),
    // Choose the licence, type its password.
    svg(
      `<rect x="22" y="20" width="70" height="50" rx="4" fill="#fff" stroke="#c0392b" stroke-width="2"/>` +
        `<circle cx="40" cy="40" r="9" fill="none" stroke="#c0392b" stroke-width="2"/>` +
        `<path d="M56 34h28M56 44h22M30 58h54" stroke="#c0392b" stroke-width="2"/>` +
        `<rect x="100" y="48" width="44" height="18" rx="3" fill="#fff" stroke="${BLUE}" stroke-width="2"/>` +
        [108, 117, 126, 135].map((cx) => `<circle cx="${cx}" cy="57" r="2.5" fill="${BLUE}"/>`).join(''),
    ),
    // Confirm and wait for success.
    svg(
      `<rect x="26" y="38" width="62" height="24" rx="12" fill="${BLUE}"/>` +
        `<path d="M40 50h34" stroke="#fff" stroke-width="3"/>` +
        `<circle cx="118" cy="50" r="22" fill="#fff" stroke="${GREEN}" stroke-width="3"/>` +
        `<path d="M107 50l8 8 15-16" fill="none" stroke="${GREEN}" stroke-width="4"/>`,
    ),
  ],
  BANKTRANSFER: [
    // Fill in the account.
    svg(
      `<rect x="24" y="16" width="112" height="68" rx="4" fill="#fff" stroke="${BLUE}" stroke-width="2"/>` +
        [30, 48, 66]
          .map(
            (y) =>
              `<path d="M34 ${y + 2}h22" stroke="#999" stroke-width="2"/>` +
              `<rect x="62" y="${y - 4}" width="64" height="12" rx="2" fill="${LIGHT}" stroke="${BLUE}"/>`,
          )
          .join(''),
    ),
    // The bank pays a small amount.
    svg(
      `<path d="M20 40l26-16 26 16z" fill="${LIGHT}" stroke="${BLUE}" stroke-width="2"/>` +
        `<path d="M26 44v24M38 44v24M54 44v24M66 44v24M20 72h52" stroke="${BLUE}" stroke-width="2"/>` +
        `<path d="M80 56h26" stroke="${BLUE}" stroke-width="2"/><path d="M102 50l8 6-8 6" fill="none" stroke="${BLUE}" stroke-width="2"/>` +
        `<circle cx="132" cy="56" r="16" fill="#fff4d6" stroke="#d48806" stroke-width="2"/>` +
        `<path d="M126 48l6 7 6-7M132 55v11M126 58h12M126 63h12" fill="none" stroke="#d48806" stroke-width="2"/>`,
    ),
    // Read the amount, type it in.
    svg(
      phone(
        18,
        `<rect x="26" y="30" width="28" height="16" rx="4" fill="#fff" stroke="${BLUE}"/>` +
          `<path d="M30 36h20M30 41h12" stroke="${BLUE}" stroke-width="1.5"/>`,
      ) +
        `<path d="M70 50h18" stroke="${BLUE}" stroke-width="2" stroke-dasharray="4 3"/>` +
        `<rect x="94" y="38" width="52" height="24" rx="3" fill="#fff" stroke="${BLUE}" stroke-width="2"/>` +
        `<path d="M102 44l4 5 4-5M106 49v8M102 51h8M102 55h8" fill="none" stroke="${BLUE}" stroke-width="1.5"/>` +
        `<path d="M116 56h4M124 56h4M132 56h4" stroke="#333" stroke-width="2"/>`,
    ),
  ],
} as const;
