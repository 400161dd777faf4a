import type { NoticeItem } from '@contract/notice-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';

interface NoticePage {
  content: NoticeItem[];
  totalElements: number;
  totalPages: number;
}

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await startApp();
  accessToken = (await signIn(t.app, '13800000002')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const pageOf = async (page: number, size: number, body: object = {}) => {
  const response = await authed(
    t.app,
    'POST',
    `/api/plat-message/page?page=${page}&size=${size}`,
    accessToken,
    body,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: NoticePage }>().data;
};

describe('the notices page', () => {
  it('tells the same total on a full page, on the last one, and past the end', async () => {
    const all = await pageOf(0, 100);
    const total = all.totalElements;
    expect(total).toBeGreaterThan(3);
    expect(all.content).toHaveLength(total);
    for (const size of [1, 2, 3, total - 1, total, total + 1]) {
      const pages = Math.ceil(total / size);
      for (let page = 0; page <= pages; page++) {
        const result = await pageOf(page, size);
        const expected = all.content.slice(page * size, page * size + size).map((item) => item.id);
        expect(
          result.content.map((item) => item.id),
          `page ${page} of size ${size}`,
        ).toEqual(expected);
        expect(result.totalElements, `page ${page} of size ${size}`).toBe(total);
        expect(result.totalPages).toBe(pages);
      }
    }
  });
});
