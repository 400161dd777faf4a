import type { FastifyInstance } from 'fastify';
import { NOTICE_STATUS, NOTICE_TYPE, NOTICE_URL } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { authed, bearer, signIn, T0 } from '../support/helpers';
import { createTestSchema } from '../support/postgres-test-db';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let app: FastifyInstance;
let accessToken: string;
beforeAll(async () => {
  const { url } = await createTestSchema(serverUrl);
  app = await buildApp(testConfig({ databaseUrl: url, logLevel: 'silent' }), { now: () => T0 });
  accessToken = (await signIn(app, '13800000002')).access_token;
});
afterAll(async () => {
  await app.close();
});

interface NoticePage {
  content: NoticeItem[];
  totalElements: number;
  totalPages: number;
}

const pageOf = async (page: number, size: number, body: object) => {
  const response = await authed(
    app,
    'POST',
    `${NOTICE_URL.page}?page=${page}&size=${size}`,
    accessToken,
    body,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: NoticePage }>().data;
};

/** Every page of `size` up to one past the end: the same rows as the whole list, each with the same total. */
async function expectPagesOf(body: object, size: number) {
  const all = await pageOf(0, 100, body);
  const total = all.totalElements;
  expect(all.content).toHaveLength(total);
  const pages = Math.ceil(total / size);
  for (let page = 0; page <= pages; page++) {
    const result = await pageOf(page, size, body);
    const label = `${JSON.stringify(body)}, page ${page} of size ${size}`;
    expect(
      result.content.map((item) => item.id),
      label,
    ).toEqual(all.content.slice(page * size, page * size + size).map((item) => item.id));
    expect(result.totalElements, label).toBe(total);
    expect(result.totalPages, label).toBe(pages);
  }
  return all;
}

describe('PostgreSQL: the notices page', () => {
  it('tells each filter its own total with every page, past the end too, and the bell one less once one is read', async () => {
    const everything = await expectPagesOf({}, 3);
    expect(everything.totalElements).toBeGreaterThan(3);
    const unread = await expectPagesOf({ status: NOTICE_STATUS.unread }, 2);
    const read = await expectPagesOf({ status: NOTICE_STATUS.read }, 2);
    expect(unread.totalElements + read.totalElements).toBe(everything.totalElements);
    await expectPagesOf({ type: NOTICE_TYPE.announcement }, 2);
    await expectPagesOf({ type: NOTICE_TYPE.todo, status: NOTICE_STATUS.unread }, 1);

    const first = unread.content[0]!;
    const marked = await app.inject({
      method: 'PUT',
      url: `${NOTICE_URL.markRead.replace(':id', first.id)}?status=${NOTICE_STATUS.read}`,
      headers: bearer(accessToken),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const bell = await pageOf(0, 5, { status: NOTICE_STATUS.unread });
    expect(bell.totalElements).toBe(unread.totalElements - 1);
    expect(bell.content.map((item) => item.id)).not.toContain(first.id);
    expect((await pageOf(0, 5, { status: NOTICE_STATUS.read })).totalElements).toBe(read.totalElements + 1);
  });
});
