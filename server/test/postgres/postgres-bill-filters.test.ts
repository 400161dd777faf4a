import type { FastifyInstance } from 'fastify';
import { BILL_URL } from '@contract/bills';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { authed, signIn, T0 } from '../support/helpers';
import { seededPostgresDatabase } from '../support/postgres-template';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let app: FastifyInstance;
let accessToken: string;
beforeAll(async () => {
  const config = testConfig({ logLevel: 'silent' });
  const databaseUrl = await seededPostgresDatabase(serverUrl, config, T0);
  app = await buildApp({ ...config, databaseUrl }, { now: () => T0 });
  accessToken = (await signIn(app, '13800000006')).access_token;
});
afterAll(async () => {
  await app.close();
});

const LISTS = [
  { url: BILL_URL.held, status: 'CS04', otherKind: 'pending' },
  { url: BILL_URL.issued, status: 'CS03', otherKind: 'refused' },
  { url: BILL_URL.pending, status: 'pending', otherKind: 'CS03' },
  { url: BILL_URL.mine, status: 'refused', otherKind: 'CS01' },
];

describe('PostgreSQL: bill list filters', () => {
  it('runs every filter on every list, and refuses a status of the other kind with 400, not a failed query', async () => {
    for (const list of LISTS) {
      const query = new URLSearchParams({
        billStatus: list.status,
        counterparty: '100%_\\',
        minAmount: '0.01',
        maxAmount: '9999999999.99',
        dueFrom: '2026-03-01',
        dueTo: '2026-09-30',
      });
      const ok = await authed(app, 'GET', `${list.url}?${query.toString()}`, accessToken);
      expect(ok.statusCode, `${list.url} ${ok.body}`).toBe(200);
      const refused = await authed(app, 'GET', `${list.url}?billStatus=${list.otherKind}`, accessToken);
      expect(refused.statusCode, `${list.url} ${refused.body}`).toBe(400);
    }
  });
});
