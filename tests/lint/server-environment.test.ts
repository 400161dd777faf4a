// @vitest-environment node
import { lintAs } from './lint-file';

const RULE = 'no-restricted-properties';

describe('the server environment rule', () => {
  it('refuses process.env outside config.ts and main.ts, read directly or destructured', async () => {
    for (const code of [
      'export const secret = process.env.VERIFICATION_SECRET;',
      'const { env } = process;\nexport const secret = env.VERIFICATION_SECRET;',
    ]) {
      const messages = await lintAs('server/src/modules/ledger/service.ts', code);
      expect(messages, code).toEqual([
        `${RULE}: 'process.env' is restricted from being used. Read settings from app.config; only server/src/config.ts and main.ts read process.env.`,
      ]);
    }
  });

  it('lets config.ts read the environment', async () => {
    const messages = await lintAs('server/src/config.ts', 'export const port = process.env.PORT;');
    expect(messages.filter((message) => message.startsWith(RULE))).toEqual([]);
  });
});
