import type { PDFFont, PDFPage } from 'pdf-lib';
import { amountInWords } from '@contract/amount-words';
import { yuanFigures as groupedYuan } from '@contract/number-format';
import { cjkSubsetFor, missingCharacters } from './cjk-font';

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 72;
const TITLE_SIZE = 18;
/** 五号, the body size of Chinese contracts. */
const BODY_SIZE = 10.5;
const LINE_GAP = 1.6;
/** The signature field: room for a 42 mm seal (119 pt) and a little more. */
export const SIGNATURE_FIELD_PT = 128;

export interface ContractParty {
  /** 甲方, 乙方... */
  role: string;
  name: string;
  creditCode: string;
}

export interface ContractContent {
  title: string;
  contractNo: string;
  parties: ContractParty[];
  /** The paragraphs; `{amount}` is replaced with the amount in figures and in capitals. */
  clauses: string[];
  /** Yuan, a decimal string. */
  amount: string;
  /** Already in Shanghai time, e.g. 2026年11月23日. */
  dateText: string;
}

/** Where a party's seal and signature go: page index and rectangle [x1, y1, x2, y2] in points, y upwards. */
export interface SignatureField {
  party: number;
  page: number;
  rect: [number, number, number, number];
}

export interface RenderedContract {
  bytes: Uint8Array;
  fields: SignatureField[];
}

export class UnprintableText extends Error {
  constructor(readonly characters: string[]) {
    super(`no glyph for ${characters.join('')}`);
  }
}

/** '1234567.8' -> '1,234,567.80' without floating point; more decimals are cut at the fen, as before. */
export function yuanFigures(amount: string): string {
  const [integer = '0', fraction = ''] = amount.split('.');
  return groupedYuan(`${integer}.${fraction.padEnd(2, '0').slice(0, 2)}`);
}

export const amountText = (amount: string) => `人民币${amountInWords(amount)}（¥${yuanFigures(amount)}）`;

/** Lines of at most `width` points; CJK text breaks between any two characters. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    const next = line + char;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = char;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  y: number = PAGE.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    private readonly font: PDFFont,
  ) {}

  paragraph(text: string, size = BODY_SIZE, indent = 0): void {
    for (const line of wrap(text, this.font, size, PAGE.width - 2 * MARGIN - indent)) {
      this.y -= size * LINE_GAP;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font: this.font });
    }
  }

  centred(text: string, size: number): void {
    this.y -= size * LINE_GAP;
    const width = this.font.widthOfTextAtSize(text, size);
    this.page.drawText(text, { x: (PAGE.width - width) / 2, y: this.y, size, font: this.font });
  }

  gap(points: number): void {
    this.y -= points;
  }
}

/**
 * The contract as a two-page PDF: the title, number, parties and clauses on the first page, the signature
 * page with one field per party on the second. The CJK font is a subset of the characters used, embedded
 * whole (see cjk-font.ts).
 */
export async function renderContract(content: ContractContent): Promise<RenderedContract> {
  const amount = amountText(content.amount);
  const clauses = content.clauses.map((clause) => clause.replaceAll('{amount}', amount));
  const partyLines = content.parties.map((p) => `${p.role}：${p.name}（统一社会信用代码：${p.creditCode}）`);
  const signLines = content.parties.map((p) => `${p.role}（盖章）：${p.name}`);
  const texts = [
    content.title,
    `合同编号：${content.contractNo}`,
    ...partyLines,
    ...clauses,
    ...signLines,
    `签署日期：${content.dateText}`,
    '（以下无正文，为签署页）',
    '签署页',
    '第1页 共2页第2页 共2页',
  ];
  const all = texts.join('');
  const missing = await missingCharacters(all);
  if (missing.length > 0) throw new UnprintableText(missing);

  // Loaded on the first document, as the font is (cjk-font.ts): pdf-lib and fontkit weigh on the start-up.
  const [{ PDFDocument }, { default: fontkit }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
  ]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(content.title, { showInWindowTitleBar: true });
  doc.setLanguage('zh-CN');
  doc.setProducer('chain-bill');
  doc.setCreator('chain-bill');
  const font = await doc.embedFont(await cjkSubsetFor(all), { subset: false });

  const first = new Writer(doc.addPage([PAGE.width, PAGE.height]), font);
  first.centred(content.title, TITLE_SIZE);
  first.gap(BODY_SIZE);
  first.paragraph(`合同编号：${content.contractNo}`);
  first.gap(BODY_SIZE / 2);
  for (const line of partyLines) first.paragraph(line);
  first.gap(BODY_SIZE / 2);
  for (const clause of clauses) {
    first.paragraph(clause, BODY_SIZE, 0);
    first.gap(BODY_SIZE * 0.4);
  }
  first.gap(BODY_SIZE);
  first.paragraph('（以下无正文，为签署页）');

  const second = new Writer(doc.addPage([PAGE.width, PAGE.height]), font);
  second.centred('签署页', TITLE_SIZE - 4);
  second.gap(BODY_SIZE * 2);
  const fields: SignatureField[] = [];
  content.parties.forEach((party, index) => {
    second.paragraph(`${party.role}（盖章）：${party.name}`);
    const top = second.y - BODY_SIZE;
    const rect: SignatureField['rect'] = [
      PAGE.width - MARGIN - SIGNATURE_FIELD_PT,
      top - SIGNATURE_FIELD_PT,
      PAGE.width - MARGIN,
      top,
    ];
    fields.push({ party: index, page: 1, rect });
    second.gap(SIGNATURE_FIELD_PT + BODY_SIZE * 2);
  });
  second.paragraph(`签署日期：${content.dateText}`);

  [first, second].forEach((writer, index) => {
    const label = `第${index + 1}页 共2页`;
    const width = font.widthOfTextAtSize(label, 9);
    writer.page.drawText(label, { x: (PAGE.width - width) / 2, y: MARGIN / 2, size: 9, font });
  });

  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, fields };
}
