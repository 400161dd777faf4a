import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');
let eslint: ESLint | undefined;

/** The messages of the project's ESLint configuration for `code` as if it were the file at `file`. */
export async function lintAs(file: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}
