import { issueOrgCertificate, issueSandboxCa } from '../../src/adapters/e-sign/sandbox-ca';
import { renderContract, UnprintableText, type ContractContent } from '../../src/lib/pdf/contract-pdf';
import { stampAndSign } from '../../src/lib/pdf/pdf-signature';
import { drawSeal, SEAL_RED, SEAL_TEMPLATES, sealSvg } from '../../src/lib/pdf/seal';
import { pageCount, pdfsig, pdfText } from '../support/poppler';

const ORG = { name: '北京星辰科技有限公司', creditCode: '91110108MA01XYZ12K' };
const CONTENT: ContractContent = {
  title: '供应链票据平台服务协议',
  contractNo: 'HT20261123000001',
  parties: [
    { role: '甲方', name: '链票通供应链票据平台', creditCode: '91110000MA01ABCD1X' },
    { role: '乙方', ...ORG },
  ],
  clauses: [
    '第一条 乙方使用甲方提供的供应链票据服务，年服务费为{amount}。',
    '第二条 乙方应保证其提交的企业信息真实、准确、完整。'.repeat(6),
    '第三条 本协议自双方签署之日起生效，有效期一年。',
  ],
  amount: '107000.53',
  dateText: '2026年11月23日',
};

const flat = (text: string) => text.replace(/\s+/g, '');

describe('contract PDFs', () => {
  it('renders a two-page contract under 100 kB whose Chinese text, parties, amount and date extract intact', async () => {
    const { bytes, fields } = await renderContract(CONTENT);
    expect(bytes.length).toBeLessThan(100 * 1024);
    expect(pageCount(bytes)).toBe(2);
    const text = flat(pdfText(bytes));
    expect(text).toContain('供应链票据平台服务协议');
    expect(text).toContain('乙方：北京星辰科技有限公司（统一社会信用代码：91110108MA01XYZ12K）');
    expect(text).toContain('人民币壹拾万柒仟元伍角叁分（¥107,000.53）');
    expect(text).toContain('签署日期：2026年11月23日');
    expect(fields).toHaveLength(2);
    expect(fields.every((field) => field.page === 1)).toBe(true);
  });

  it('embeds only the glyphs the document uses', async () => {
    const short = await renderContract({ ...CONTENT, clauses: ['第一条 {amount}'] });
    const long = await renderContract(CONTENT);
    // The whole GB 2312 font is 1.3 MB; a contract carries some tens of kilobytes of it.
    expect(short.bytes.length).toBeLessThan(60 * 1024);
    expect(long.bytes.length).toBeGreaterThan(short.bytes.length);
  });

  it('refuses a text with a character the font cannot draw instead of printing a box', async () => {
    const rare = {
      ...CONTENT,
      parties: [CONTENT.parties[0]!, { role: '乙方', name: '𪚥记有限公司', creditCode: ORG.creditCode }],
    };
    await expect(renderContract(rare)).rejects.toBeInstanceOf(UnprintableText);
  });
});

describe('seals', () => {
  it('draws the three template sizes as a red ring, a star and the name as vector outlines', async () => {
    for (const [template, spec] of Object.entries(SEAL_TEMPLATES)) {
      const drawing = await drawSeal({ template: template as keyof typeof SEAL_TEMPLATES, name: ORG.name });
      expect(drawing.sizeMm).toBe(spec.sizeMm);
      const svg = sealSvg(drawing);
      expect(svg).toContain(`viewBox="0 0 ${spec.sizeMm} ${spec.sizeMm}"`);
      expect(svg).toContain(`width="${spec.sizeMm}mm"`);
      // Ring, star, name: outlines only, no <text> that would depend on the viewer's fonts.
      expect(drawing.shapes).toHaveLength(3);
      expect(svg).not.toContain('<text');
      expect(svg.match(new RegExp(SEAL_RED, 'g'))?.length).toBeGreaterThanOrEqual(3);
      // Ten points of a five-pointed star.
      expect(drawing.shapes[1]?.d.split('L')).toHaveLength(10);
    }
  });

  it('adds the horizontal text below the star when there is one', async () => {
    const plain = await drawSeal({ template: 'contract38', name: ORG.name });
    const labelled = await drawSeal({ template: 'contract38', name: ORG.name, label: '合同专用章' });
    expect(labelled.shapes).toHaveLength(plain.shapes.length + 1);
    // Its outlines lie in the lower half of the seal.
    const ys = [...(labelled.shapes.at(-1)?.d.matchAll(/[\d.]+ ([\d.]+)/g) ?? [])].map((m) => Number(m[1]));
    expect(Math.min(...ys)).toBeGreaterThan(19);
  });

  it('keeps the name along the upper arc inside the ring', async () => {
    const drawing = await drawSeal({ template: 'official40', name: '深圳市前海某某供应链管理服务有限公司' });
    const points = [...(drawing.shapes[2]?.d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g) ?? [])].map((m) => [
      Number(m[1]) - 20,
      Number(m[2]) - 20,
    ]);
    const radii = points.map(([x = 0, y = 0]) => Math.hypot(x, y));
    expect(Math.max(...radii)).toBeLessThan(20 - 1.2);
    // Above the star's level: the name never runs into the lower part where the label goes.
    expect(Math.max(...points.map(([, y = 0]) => y))).toBeLessThan(12);
  });
});

describe('signed contracts', () => {
  const ca = issueSandboxCa('链票通', Date.now());
  const org = issueOrgCertificate(ca, ORG, Date.now());

  async function signed(): Promise<Buffer> {
    const { bytes, fields } = await renderContract(CONTENT);
    return stampAndSign(bytes, {
      field: fields[1]!,
      seal: await drawSeal({ template: 'contract38', name: ORG.name, label: '合同专用章' }),
      identity: { ...org, chainPem: [ca.certificatePem] },
      signerName: ORG.name,
      reason: '签署合同',
      location: '中国',
      signingTime: new Date(),
    });
  }

  it('carries a PAdES signature pdfsig reports valid, by the organisation named in its certificate', async () => {
    const file = await signed();
    expect(file.length).toBeLessThan(100 * 1024);
    const report = pdfsig(file);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: 北京星辰科技有限公司');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // The text is still the contract's.
    expect(flat(pdfText(file))).toContain('人民币壹拾万柒仟元伍角叁分');
  });

  it('carries both parties’ signatures, each valid, when the second party signs the signed file', async () => {
    const platform = issueOrgCertificate(ca, CONTENT.parties[0]!, Date.now());
    const first = await signed();
    const { fields } = await renderContract(CONTENT);
    const both = await stampAndSign(first, {
      field: fields[0]!,
      seal: await drawSeal({ template: 'contract38', name: CONTENT.parties[0]!.name, label: '合同专用章' }),
      identity: { ...platform, chainPem: [ca.certificatePem] },
      signerName: CONTENT.parties[0]!.name,
      reason: '签署合同',
      location: '中国',
      signingTime: new Date(),
    });
    // Appended: the bytes the first signature covers are there unchanged.
    expect(both.subarray(0, first.length).equals(first)).toBe(true);
    const report = pdfsig(both);
    expect(report).toContain('Signature #1:\n  - Signature Field Name: Signature1');
    expect(report).toContain('Signature #2:\n  - Signature Field Name: Signature2');
    // The reason as a UTF-16 text string (签署合同), in both signature dictionaries.
    expect(both.toString('latin1').match(/\/Reason <FEFF7B7E7F725408540C>/gi)).toHaveLength(2);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain('Signer Certificate Common Name: 北京星辰科技有限公司');
    expect(report).toContain('Signer Certificate Common Name: 链票通供应链票据平台');
    expect(flat(pdfText(both))).toContain('人民币壹拾万柒仟元伍角叁分');
  });

  it('is reported broken once one byte of the signed content changes', async () => {
    const file = await signed();
    const title = file.indexOf('/Producer');
    expect(title).toBeGreaterThan(0);
    const tampered = Buffer.from(file);
    tampered[title + 12] = (tampered[title + 12] ?? 0) ^ 0x01;
    const report = pdfsig(tampered);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });
});
