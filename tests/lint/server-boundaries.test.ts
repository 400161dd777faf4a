// @vitest-environment node
import { lintAs } from './lint-file';

const RULE = 'chain-bill-server/boundaries';
const ruleMessages = async (file: string, code: string) =>
  (await lintAs(file, code)).filter((message) => message.startsWith(RULE));

describe('the server layers rule', () => {
  it('lets a module import the kernel, the database, adapters, the contract and its own folder', async () => {
    const code = [
      "import { ok } from '../../lib/responses';",
      "import type { Db } from '../../db/database';",
      "import type { SmsGateway } from '../../adapters/sms/gateway';",
      "import { API_ERROR } from '@contract/errors';",
      "import { helper } from './helper';",
      "import { accountOf } from '../account/service';",
      "import type { AppConfig } from '../../config';",
      'export const used = [ok, API_ERROR, helper, accountOf];',
      'export type Used = [Db, SmsGateway, AppConfig];',
    ].join('\n');
    expect(await ruleMessages('server/src/modules/ledger/routes.ts', code)).toEqual([]);
  });

  it("refuses a module's import of another module's inner file", async () => {
    const messages = await ruleMessages(
      'server/src/modules/ledger/routes.ts',
      "import { openSession } from '../auth/tokens';\nexport const used = openSession;",
    );
    expect(messages).toEqual([
      `${RULE}: module ledger may use module auth only through modules/auth/service.ts, not modules/auth/tokens`,
    ]);
  });

  it('refuses a module importing plugins, the app or a run-time value of the configuration', async () => {
    const file = 'server/src/modules/ledger/service.ts';
    for (const [spec, shown] of [
      ['../../plugins/authenticate', 'plugins/authenticate'],
      ['../../app', 'app'],
      ['../../config', 'config'],
    ]) {
      const messages = await ruleMessages(file, `import { x } from '${spec}';\nexport const used = x;`);
      expect(messages, spec).toEqual([
        `${RULE}: a module imports only lib/, db/, adapters/, contract/, its own folder and other modules' service.ts, not ${shown}`,
      ]);
    }
  });

  it('keeps the kernel free of modules and plugins', async () => {
    const messages = await ruleMessages(
      'server/src/lib/paging.ts',
      "import { operationPage } from '../modules/operation/service';\nexport const used = operationPage;",
    );
    expect(messages).toEqual([
      `${RULE}: server/src/lib may import only lib/, db/ and contract/, not modules/operation/service`,
    ]);
  });

  it('keeps the kernel under the adapters: they use it (its PDF work among it), it uses none of them', async () => {
    expect(
      await ruleMessages(
        'server/src/adapters/e-sign/sandbox.ts',
        "import { stampAndSign } from '../../lib/pdf/pdf-signature';\nexport const used = stampAndSign;",
      ),
    ).toEqual([]);
    expect(
      await ruleMessages(
        'server/src/lib/pdf/contract-pdf.ts',
        "import type { SealTemplate } from '../../adapters/e-sign/gateway';\nexport type Used = SealTemplate;",
      ),
    ).toEqual([
      `${RULE}: server/src/lib may import only lib/, db/ and contract/, not adapters/e-sign/gateway`,
    ]);
  });

  it('keeps storage at the bottom: db/ imports no kernel file, but the seed may', async () => {
    const code = "import { newId } from '../lib/hash';\nexport const used = newId;";
    expect(await ruleMessages('server/src/db/locks.ts', code)).toEqual([
      `${RULE}: server/src/db may import only db/ and contract/, not lib/hash`,
    ]);
    expect(await ruleMessages('server/src/db/seed.ts', code)).toEqual([]);
  });

  it('keeps each adapter to its own folder', async () => {
    const messages = await ruleMessages(
      'server/src/adapters/licence/sandbox.ts',
      "import type { SmsGateway } from '../sms/gateway';\nexport type Used = SmsGateway;",
    );
    expect(messages).toEqual([`${RULE}: adapter licence must not import adapter sms`]);
  });

  it("lets the demo seed act through the modules' service.ts, and nothing but the root run it", async () => {
    const seed = 'server/src/db/demo/ledger-history.ts';
    expect(
      await ruleMessages(
        seed,
        "import { issueBill } from '../../modules/bills/service';\nexport const used = issueBill;",
      ),
    ).toEqual([]);
    expect(
      await ruleMessages(
        seed,
        "import { issueBill } from '../../modules/bills/commands';\nexport const used = issueBill;",
      ),
    ).toEqual([
      `${RULE}: the demo seed may use module bills only through modules/bills/service.ts, not modules/bills/commands`,
    ]);
    expect(
      await ruleMessages(
        'server/src/modules/bills/routes.ts',
        "import { seedDemo } from '../../db/demo/seed';\nexport const used = seedDemo;",
      ),
    ).toEqual([`${RULE}: only app.ts and main.ts seed the demo, not server/src/modules`]);
    expect(
      await ruleMessages(
        'server/src/db/seed.ts',
        "import { issueBill } from '../modules/bills/service';\nexport const used = issueBill;",
      ),
    ).toEqual([`${RULE}: server/src/db may import only db/ and contract/, not modules/bills/service`]);
  });

  it('lets app.ts compose every layer', async () => {
    const code = [
      "import { exportRoutes } from './modules/export/routes';",
      "import { setupAuthentication } from './plugins/authenticate';",
      'export const used = [exportRoutes, setupAuthentication];',
    ].join('\n');
    expect(await ruleMessages('server/src/app.ts', code)).toEqual([]);
  });
});
