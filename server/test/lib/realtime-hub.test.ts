import { REALTIME_EVENT, type RealtimeMessage } from '@contract/realtime';
import { DEMO_ORGS } from '../../src/db/seed';
import { REALTIME_ENVELOPE_MAX_BYTES, RealtimeEventTooLarge } from '../../src/lib/realtime-hub';
import { listenAs, startApp, type TestApp } from '../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const notice = (marker: string): RealtimeMessage => ({ type: REALTIME_EVENT.notice, payload: { marker } });
const markers = (messages: RealtimeMessage[]) =>
  messages.map((m) => (m.payload as { marker: string }).marker);

describe('publishing realtime events', () => {
  it('reaches the sockets the address names: a user anywhere, a user in one organisation, an organisation', async () => {
    const { shanghai, hangzhou } = DEMO_ORGS;
    const zhaoInShanghai = listenAs(t.app, 'zhao', shanghai.id);
    const zhaoInHangzhou = listenAs(t.app, 'zhao', hangzhou.id);
    const liInShanghai = listenAs(t.app, 'li', shanghai.id);

    await t.app.realtime.publishToUser('zhao', notice('user'));
    await t.app.realtime.publishToUserInOrg('zhao', hangzhou.id, notice('user-in-org'));
    await t.app.realtime.publishToOrg(shanghai.id, notice('org'));
    // Published last, and to every socket above: once it is there, everything before it is too.
    for (const user of ['zhao', 'li']) await t.app.realtime.publishToUser(user, notice('end'));

    for (const tab of [zhaoInShanghai, zhaoInHangzhou, liInShanghai]) {
      await vi.waitFor(() => expect(markers(tab.messages)).toContain('end'));
      tab.remove();
    }
    expect(markers(zhaoInShanghai.messages)).toEqual(['user', 'org', 'end']);
    expect(markers(zhaoInHangzhou.messages)).toEqual(['user', 'user-in-org', 'end']);
    expect(markers(liInShanghai.messages)).toEqual(['org', 'end']);
  });

  it('delivers an event published in a transaction only once it commits, and never when it rolls back', async () => {
    const tab = listenAs(t.app, 'wang');
    await t.app.db.transaction().execute(async (trx) => {
      await t.app.realtime.publishToUser('wang', notice('committed'), trx);
      expect(tab.messages).toEqual([]);
    });
    expect(markers(await tab.first(1))).toEqual(['committed']);

    const rolledBack = t.app.db.transaction().execute(async (trx) => {
      await t.app.realtime.publishToUser('wang', notice('rolled back'), trx);
      throw new Error('the command failed');
    });
    await expect(rolledBack).rejects.toThrow('the command failed');
    await t.app.realtime.publishToUser('wang', notice('after'));
    await tab.first(2);
    tab.remove();
    expect(markers(tab.messages)).toEqual(['committed', 'after']);
  });

  it('refuses an event too large to travel between nodes, and sends nothing', async () => {
    const tab = listenAs(t.app, 'sun');
    const huge = {
      type: REALTIME_EVENT.notice,
      payload: { text: '票'.repeat(REALTIME_ENVELOPE_MAX_BYTES / 3) },
    };
    await expect(t.app.realtime.publishToUser('sun', huge)).rejects.toThrow(RealtimeEventTooLarge);
    await t.app.realtime.publishToUser('sun', notice('small'));
    await tab.first(1);
    tab.remove();
    expect(markers(tab.messages)).toEqual(['small']);
  });
});
