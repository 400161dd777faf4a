// @vitest-environment node
import { lintAs } from './lint-file';

const RULE = 'chain-bill-contract/plain-runtime';
const ruleMessages = async (file: string, code: string) =>
  (await lintAs(file, code)).filter((message) => message.startsWith(RULE));

describe('the plain contract rule', () => {
  it('refuses TypeBox in a plain contract file, and allows it in a schemas file', async () => {
    const code = "import { Type } from 'typebox';\nexport const Ledger = Type.Object({});";
    expect(await ruleMessages('contract/ledger.ts', code)).toEqual([
      `${RULE}: a plain contract file loads no TypeBox (import type only); schemas go in <domain>-schemas.ts`,
    ]);
    expect(await ruleMessages('contract/ledger-schemas.ts', code)).toEqual([]);
  });

  it('refuses a run-time import of a schemas file in the SPA, and allows its types', async () => {
    const file = 'src/features/ledger/api/ledger-api.ts';
    expect(
      await ruleMessages(
        file,
        "import { Account } from '@contract/auth-schemas';\nexport const used = Account;",
      ),
    ).toEqual([
      `${RULE}: @contract/auth-schemas holds TypeBox schemas: take its types with \`import type { ... }\` or read the plain contract file`,
    ]);
    const typesOnly = [
      "import type { Account } from '@contract/auth-schemas';",
      "import { MOBILE_PATTERN, type Account as Plain } from '@contract/auth';",
      'export type Used = [Account, Plain];',
      'export const used = MOBILE_PATTERN;',
    ].join('\n');
    expect(await ruleMessages(file, typesOnly)).toEqual([]);
  });

  it('refuses inline type specifiers from a schemas file, which still load it at run time', async () => {
    const messages = await ruleMessages(
      'src/features/ledger/api/ledger-api.ts',
      "import { type Account } from '@contract/auth-schemas';\nexport type Used = Account;",
    );
    expect(messages).toEqual([
      `${RULE}: @contract/auth-schemas holds TypeBox schemas: take its types with \`import type { ... }\` or read the plain contract file`,
    ]);
  });

  it('refuses a plain contract file that loads a schemas file', async () => {
    const messages = await ruleMessages(
      'contract/ledger.ts',
      "import { Mobile } from './auth-schemas';\nexport const used = Mobile;",
    );
    expect(messages).toEqual([
      `${RULE}: ./auth-schemas holds TypeBox schemas: take its types with \`import type { ... }\` or read the plain contract file`,
    ]);
  });
});
