import { BILL_URL } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { NOTICE_URL } from '@contract/notice';
import { RECOURSE_URL } from '@contract/recourse';
import { inject } from 'vitest';
import { bearer, signIn, startPostgresApp, type TestApp } from '../support/helpers';
import { OWNER_SH } from '../support/verification-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeAll(async () => {
  t = await startPostgresApp(serverUrl);
});
afterAll(async () => {
  await t.app.close();
});

describe('PostgreSQL: text it cannot hold', () => {
  // PostgreSQL refuses a NUL character in text; the request that carried it is refused, not the server.
  it('answers a NUL character in a path parameter or a query string with 400, signed in or not', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const marked = await t.app.inject({
      method: 'PUT',
      url: NOTICE_URL.markRead.replace(':id', '%00'),
      headers: bearer(access_token),
    });
    expect(marked.statusCode, marked.body).toBe(400);
    expect(marked.json()).toMatchObject({ code: API_ERROR.badRequest });

    const searched = await t.app.inject({
      method: 'GET',
      url: `${BILL_URL.counterparties}?keyword=${encodeURIComponent('上海\u0000')}`,
      headers: bearer(access_token),
    });
    expect(searched.statusCode, searched.body).toBe(400);
    expect(searched.json()).toMatchObject({ code: API_ERROR.badRequest });

    const sandbox = await t.app.inject({
      method: 'GET',
      url: RECOURSE_URL.sandboxNotify.replace(':id', 'a%00b'),
    });
    expect(sandbox.statusCode, sandbox.body).toBe(400);
    expect(sandbox.json()).toMatchObject({ code: API_ERROR.badRequest });
  });
});
