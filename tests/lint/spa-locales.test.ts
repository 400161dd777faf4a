// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');

async function problemsOf(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the message catalogue', { timeout: 60_000 }, () => {
  it('takes a domain file that imports nothing', async () => {
    const text = "/** 票据. */\nexport const billMessages = { title: '票据' } as const;\n";
    expect(await problemsOf('src/locales/zh-CN/bill.ts', text)).toEqual([]);
  });

  it('fails a domain file that imports another, or anything else', async () => {
    const fromDomain =
      "import { commonMessages } from './common';\nexport const billMessages = { ok: commonMessages.ok };\n";
    const fromLib =
      "import { format } from '@/locales/format';\nexport const billMessages = { f: format };\n";
    for (const text of [fromDomain, fromLib]) {
      const [problem] = await problemsOf('src/locales/zh-CN/bill.ts', text);
      expect(problem).toMatch(/^no-restricted-imports: .*Message catalogue files import nothing/);
    }
  });
});
