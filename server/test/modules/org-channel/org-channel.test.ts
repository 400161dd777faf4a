import type { CheckedDefaultChannel, OrgChannel } from '@contract/shell-schemas';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { bearer, authed, signIn, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let owner: string;
let staff: string;
let hangzhou: string;
beforeAll(async () => {
  t = await startApp();
  owner = (await signIn(t.app, '13800000001')).access_token;
  staff = (await signIn(t.app, '13800000002')).access_token;
  hangzhou = (await signIn(t.app, '13800000003')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const channels = async (accessToken: string) =>
  (await authed(t.app, 'GET', '/api/scbill/org/channel/list', accessToken)).json<{ data: OrgChannel[] }>()
    .data;
const checked = async (accessToken: string) =>
  (await authed(t.app, 'GET', '/api/scbill/org/channel/checked/default', accessToken)).json<{
    data: CheckedDefaultChannel;
  }>().data;
const setDefault = (accessToken: string, channelId: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/scbill/org/channel/default?channelId=${encodeURIComponent(channelId)}`,
    headers: bearer(accessToken),
  });

describe('organisation channels', () => {
  it('lists the organisation’s channels with its default', async () => {
    expect(await channels(owner)).toEqual([
      { channelId: 'CH0001', channelName: '链票通供应链票据平台', isDefault: true },
      { channelId: 'CH0002', channelName: '银企直连票据渠道', isDefault: false },
    ]);
    expect(await checked(owner)).toEqual({ checked: true, channelId: 'CH0001' });
  });

  it('switches the default, keeping exactly one, and leaves other organisations alone', async () => {
    const hangzhouBefore = await channels(hangzhou);
    const response = await setDefault(staff, 'CH0002');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { checked: true, channelId: 'CH0002' } });
    expect((await channels(owner)).filter((c) => c.isDefault).map((c) => c.channelId)).toEqual(['CH0002']);
    expect(await checked(owner)).toEqual({ checked: true, channelId: 'CH0002' });
    expect(await channels(hangzhou)).toEqual(hangzhouBefore);

    expect((await setDefault(owner, 'CH0001')).statusCode).toBe(200);
    expect(await checked(owner)).toEqual({ checked: true, channelId: 'CH0001' });
  });

  it('answers 404 for a channel that is not the organisation’s, and changes nothing', async () => {
    await t.app.db
      .insertInto('channels')
      .values({ id: 'CH9999', name: '他人渠道', created_at: t.clock.now() })
      .execute();
    for (const channelId of ['CH9999', 'NOPE']) {
      const response = await setDefault(owner, channelId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', msg: '渠道不存在' });
    }
    expect(await checked(owner)).toEqual({ checked: true, channelId: 'CH0001' });
    expect((await setDefault(owner, '')).statusCode).toBe(400);
  });

  it('answers checked false when the organisation has no default', async () => {
    await t.app.db
      .updateTable('org_channels')
      .set({ is_default: 0 })
      .where('channel_id', '=', 'CH0002')
      .execute();
    expect(await checked(hangzhou)).toEqual({ checked: false, channelId: null });
  });

  it('creates the environment’s channel with every function on a platform without demo data', async () => {
    const app = await buildApp(
      testConfig({ seedDemo: false, channelId: 'CH7777', platformName: '测试平台' }),
    );
    const channel = await app.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', 'CH7777')
      .executeTakeFirst();
    expect(channel?.name).toBe('测试平台');
    const functions = await app.db
      .selectFrom('channel_functions')
      .select('func_code')
      .where('channel_id', '=', 'CH7777')
      .execute();
    expect(functions.length).toBe(10);
    await app.close();
  });
});
