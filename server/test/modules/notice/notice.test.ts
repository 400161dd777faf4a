import type { NoticeItem } from '@contract/notice-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { postNotice } from '../../../src/modules/notice/service';
import { authed, bearer, listenAs, signIn, startApp, type TestApp } from '../../support/helpers';

interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
}

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const token = async (mobile: string) => (await signIn(t.app, mobile)).access_token;

const page = async (accessToken: string, body: object = {}, query = 'page=0&size=50') => {
  const response = await authed(t.app, 'POST', `/api/plat-message/page?${query}`, accessToken, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: number; data: Page<NoticeItem> }>().data;
};

const put = (url: string, accessToken: string) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(accessToken) });

const listen = (userId: string, orgId: string | null) => listenAs(t.app, userId, orgId);

const idOf = async (mobile: string) =>
  (await t.app.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;

/**
 * A fresh organisation-wide announcement and a personal to-do, so each test starts from known rows: posted
 * through the notice module, which counts them for the page and the bell as every business event's are.
 */
async function postNotices(orgId: string, userId: string | null, title: string, type = 2) {
  const { id } = await t.app.db
    .transaction()
    .execute((trx) => postNotice(trx, { orgId, userId, type, title, content: '内容' }, t.clock.now()));
  t.clock.advance(1000);
  return id;
}

describe('POST /api/plat-message/page', () => {
  it('lists the member’s own and organisation-wide notices, newest first, in the page envelope', async () => {
    // Ningbo's: the to-dos of the bills that came to it, and the platform's announcements.
    const result = await page(await token('13800000006'), {}, 'page=0&size=5');
    expect(result.size).toBe(5);
    expect(result.number).toBe(0);
    expect(result.content).toHaveLength(5);
    expect(result.totalElements).toBeGreaterThanOrEqual(10);
    expect(result.totalPages).toBe(Math.ceil(result.totalElements / 5));
    const times = result.content.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const notice of result.content) {
      expect([2, 3]).toContain(notice.type);
      expect([0, 1]).toContain(notice.status);
    }
  });

  it('filters by type and by the member’s own read state', async () => {
    const accessToken = await token('13800000006');
    const all = (await page(accessToken)).content;
    const pendingTodos = await page(accessToken, { type: 2, status: 0 });
    expect(pendingTodos.content.map((n) => n.id)).toEqual(
      all.filter((n) => n.type === 2 && n.status === 0).map((n) => n.id),
    );
    expect(pendingTodos.content.length).toBeGreaterThan(0);
    const announcements = await page(accessToken, { type: 3 });
    expect(announcements.content.every((n) => n.type === 3)).toBe(true);
    expect(announcements.content.length).toBeGreaterThan(0);
  });

  it('keeps read state per member: one reading an announcement leaves it unread for another', async () => {
    const zhang = await token('13800000001');
    const li = await token('13800000002');
    const id = await postNotices(DEMO_ORGS.shanghai.id, null, '全员公告', 3);
    expect((await put(`/api/plat-message/${id}?status=1`, zhang)).statusCode).toBe(200);
    expect((await page(zhang)).content.find((n) => n.id === id)?.status).toBe(1);
    expect((await page(li)).content.find((n) => n.id === id)?.status).toBe(0);
  });

  it('never lists another organisation’s or another member’s notices, whatever the body says', async () => {
    const zhang = await token('13800000001');
    const otherOrg = await postNotices(DEMO_ORGS.hangzhou.id, null, '杭州：公告', 3);
    const otherMember = await postNotices(DEMO_ORGS.shanghai.id, await idOf('13800000002'), '李华的待办');
    const forged = await authed(t.app, 'POST', '/api/plat-message/page', zhang, {
      orgId: DEMO_ORGS.hangzhou.id,
      userId: 'x',
    });
    expect([forged.statusCode, forged.json<{ code: string }>().code]).toEqual([400, 'UNKNOWN_FIELD']);
    const listed = (await page(zhang, {})).content;
    expect(listed.map((n) => n.id)).not.toContain(otherOrg);
    expect(listed.map((n) => n.id)).not.toContain(otherMember);
    expect(listed.some((n) => n.title.startsWith('杭州'))).toBe(false);
  });

  it('answers 400 to an unknown type or status, and 401 without a token', async () => {
    const zhang = await token('13800000001');
    expect((await authed(t.app, 'POST', '/api/plat-message/page', zhang, { type: 9 })).statusCode).toBe(400);
    expect((await authed(t.app, 'POST', '/api/plat-message/page', zhang, { status: 5 })).statusCode).toBe(
      400,
    );
    expect((await authed(t.app, 'POST', '/api/plat-message/page?size=0', zhang, {})).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/plat-message/page', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/plat-message/todo/page', () => {
  it('answers the member’s to-dos, pending and done, newest first', async () => {
    const zhang = await token('13800000001');
    const todo = async (query = '?page=0&size=50') =>
      (await authed(t.app, 'POST', `/api/plat-message/todo/page${query}`, zhang, {})).json<{
        data: Page<NoticeItem>;
      }>().data;
    const done = await postNotices(DEMO_ORGS.shanghai.id, await idOf('13800000001'), '办完的待办');
    await put(`/api/plat-message/${done}?status=1`, zhang);
    t.clock.advance(1000);
    const id = await postNotices(DEMO_ORGS.shanghai.id, await idOf('13800000001'), '新的待办');
    const before = await todo();
    expect(before.content[0]).toMatchObject({ id, type: 2, status: 0 });
    expect(before.content.every((n) => n.type === 2)).toBe(true);
    const all = (await page(zhang, { type: 2 })).content.map((n) => n.id);
    expect(before.content.map((n) => n.id)).toEqual(all);
    expect(before.content.some((n) => n.status === 1)).toBe(true);
    await put(`/api/plat-message/${id}?status=1`, zhang);
    expect((await todo()).content.find((n) => n.id === id)?.status).toBe(1);
    expect((await todo('')).size).toBe(10);
  });
});

describe('PUT /api/plat-message/{id}?status=1', () => {
  it('marks one notice read and tells the member’s open tabs', async () => {
    const zhang = await token('13800000001');
    const userId = await idOf('13800000001');
    const id = await postNotices(DEMO_ORGS.shanghai.id, userId, '请签收');
    const tab = listen(userId, DEMO_ORGS.shanghai.id);
    const response = await put(`/api/plat-message/${id}?status=1`, zhang);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200 });
    expect(await tab.first(1)).toEqual([{ type: 'NOTICE_CHANGED', payload: {} }]);
    tab.remove();
    expect((await page(zhang, { status: 1 })).content.map((n) => n.id)).toContain(id);
    // Marking again changes nothing and still succeeds.
    expect((await put(`/api/plat-message/${id}?status=1`, zhang)).statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s or another member’s notice, and changes nothing', async () => {
    const zhang = await token('13800000001');
    const otherOrg = await postNotices(DEMO_ORGS.hangzhou.id, null, '杭州：通知', 3);
    const otherMember = await postNotices(DEMO_ORGS.shanghai.id, await idOf('13800000002'), '李华的');
    for (const id of [otherOrg, otherMember, 'no-such-id']) {
      const response = await put(`/api/plat-message/${id}?status=1`, zhang);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', msg: '消息不存在' });
    }
    const reads = await t.app.db
      .selectFrom('plat_message_reads')
      .select('message_id')
      .where('message_id', 'in', [otherOrg, otherMember])
      .execute();
    expect(reads).toEqual([]);
  });

  it('accepts only status=1', async () => {
    const zhang = await token('13800000001');
    const id = await postNotices(DEMO_ORGS.shanghai.id, null, '公告', 3);
    expect((await put(`/api/plat-message/${id}?status=0`, zhang)).statusCode).toBe(400);
    expect((await put(`/api/plat-message/${id}`, zhang)).statusCode).toBe(400);
  });
});

describe('PUT /api/plat-message/notice/all/read', () => {
  it('marks every unread notice of the member read, once, and leaves other members and orgs alone', async () => {
    const wang = await token('13800000003');
    const zhang = await token('13800000001');
    const li = await token('13800000002');
    await postNotices(DEMO_ORGS.shanghai.id, null, '又一条公告', 3);
    const unreadBefore = (await page(zhang, { status: 0 })).totalElements;
    const liUnreadBefore = (await page(li, { status: 0 })).totalElements;
    const wangUnreadBefore = (await page(wang, { status: 0 })).totalElements;
    expect(unreadBefore).toBeGreaterThan(0);

    const tab = listen(await idOf('13800000001'), DEMO_ORGS.shanghai.id);
    const first = await put('/api/plat-message/notice/all/read', zhang);
    expect(first.json()).toMatchObject({ code: 200, data: { updated: unreadBefore } });
    expect(await tab.first(1)).toEqual([{ type: 'NOTICE_CHANGED', payload: {} }]);
    expect((await page(zhang, { status: 0 })).totalElements).toBe(0);
    expect((await put('/api/plat-message/notice/all/read', zhang)).json()).toMatchObject({
      data: { updated: 0 },
    });
    // Nothing changed the second time: nothing is announced (the check after the round trips above).
    tab.remove();
    expect(tab.messages).toHaveLength(1);
    expect((await page(li, { status: 0 })).totalElements).toBe(liUnreadBefore);
    expect((await page(wang, { status: 0 })).totalElements).toBe(wangUnreadBefore);
  });
});

describe('a member of two organisations', () => {
  it('sees only the notices of the organisation the session acts for', async () => {
    const zhao = await token('13800000004');
    const shanghaiOnly = await postNotices(DEMO_ORGS.shanghai.id, null, '上海公告', 3);
    const hangzhouOnly = await postNotices(DEMO_ORGS.hangzhou.id, null, '杭州：公告二', 3);
    expect((await page(zhao)).content.map((n) => n.id)).toContain(shanghaiOnly);
    const switched = await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, zhao);
    expect(switched.statusCode).toBe(200);
    const listed = (await page(zhao)).content.map((n) => n.id);
    expect(listed).toContain(hangzhouOnly);
    expect(listed).not.toContain(shanghaiOnly);
  });
});

describe('POST /api/sandbox/notices', () => {
  it('posts a notice to the account’s default organisation and tells its tabs', async () => {
    const userId = await idOf('13800000002');
    const tab = listen(userId, DEMO_ORGS.shanghai.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/notices',
      payload: { mobile: '13800000002', type: 2, title: '沙箱待办', content: '<img src=x onerror=alert(1)>' },
    });
    expect(response.statusCode).toBe(201);
    const notice = response.json<{ code: number; data: NoticeItem }>();
    expect(notice).toMatchObject({ code: 201, data: { type: 2, status: 0, title: '沙箱待办' } });
    expect(await tab.first(1)).toEqual([{ type: 'NOTICE_CHANGED', payload: {} }]);
    tab.remove();
    const listed = (await page(await token('13800000002'))).content;
    expect(listed.find((n) => n.id === notice.data.id)?.content).toBe('<img src=x onerror=alert(1)>');
  });

  it('answers 404 for an unknown mobile or an organisation the account is not in', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/notices',
      payload: { mobile: '13900000000', type: 3, title: 'x', content: 'y' },
    });
    expect(unknown.statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/notices',
      payload: { mobile: '13800000002', type: 3, title: 'x', content: 'y', orgId: DEMO_ORGS.hangzhou.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('does not exist when the sandbox is off', async () => {
    const live = await startApp({ sandbox: false });
    const response = await live.app.inject({
      method: 'POST',
      url: '/api/sandbox/notices',
      payload: { mobile: '13800000002', type: 2, title: 'x', content: 'y' },
    });
    expect(response.statusCode).toBe(404);
    await live.app.close();
  });
});
