// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const RULE = 'chain-bill-lib/no-import-cycles';

/** Lints `text` as if it were the file at `file`, with the project's ESLint configuration. */
async function problemsOf(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const current = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('src/lib import circles', { timeout: 60_000 }, () => {
  it('passes src/lib as it is', async () => {
    expect(await problemsOf('src/lib/error-messages.ts', current('src/lib/error-messages.ts'))).toEqual([]);
    expect(await problemsOf('src/lib/http.ts', current('src/lib/http.ts'))).toEqual([]);
  });

  it('fails a type-only import that closes a circle', async () => {
    const text = current('src/lib/error-messages.ts').replace("'@/lib/http-error'", "'@/lib/http'");
    expect(await problemsOf('src/lib/error-messages.ts', text)).toEqual([
      'src/lib must have no import circle: src/lib/error-messages.ts -> src/lib/http.ts -> src/lib/error-messages.ts',
    ]);
  });

  it('fails a circle through several files, and a relative import as well as an alias', async () => {
    const text = `import { request } from './http';\n${current('src/lib/realtime.ts')}`;
    const [problem] = await problemsOf('src/lib/realtime.ts', text);
    expect(problem).toMatch(
      /^src\/lib must have no import circle: src\/lib\/realtime\.ts -> src\/lib\/http\.ts -> .+ -> src\/lib\/realtime\.ts$/,
    );
  });

  it('lets a dynamic import back into the folder pass, as it runs once both modules are loaded', async () => {
    const text = `${current('src/lib/realtime.ts')}\nexport const later = () => import('@/lib/http');\n`;
    expect(await problemsOf('src/lib/realtime.ts', text)).toEqual([]);
  });
});
