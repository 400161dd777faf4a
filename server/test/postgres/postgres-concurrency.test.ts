import { inject } from 'vitest';
import { DEMO_ORGS } from '../../src/db/seed';
import { hitRateLimit } from '../../src/lib/rate-limit';
import { recordLoginFailure } from '../../src/modules/auth/login-attempts';
import { acceptInvitation, createInvitation } from '../../src/modules/invitation/service';
import { channelsOf, setDefaultChannel } from '../../src/modules/org-channel/service';
import { randomSmsCode, storeSmsCode } from '../../src/modules/verification/sms-codes';
import { startPostgresApp, T0, type TestApp } from '../support/helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeEach(async () => {
  t = await startPostgresApp(serverUrl);
});
afterEach(async () => {
  await t.app.close();
});

const at = <T>(count: number, write: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => write(i)));
const userIdOf = async (mobile: string) =>
  (await t.app.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;

describe('PostgreSQL: concurrent writes', () => {
  it('counts every one of 20 concurrent hits of a rate limit, and lets exactly the limit through', async () => {
    const decisions = await at(20, () => hitRateLimit(t.app.db, 'test:burst', 5, 60_000, T0));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('counts every one of 12 concurrent failed sign-ins and locks the mobile', async () => {
    await at(12, () => recordLoginFailure(t.app.db, '13800000001', T0));
    const row = await t.app.db.selectFrom('login_attempts').selectAll().executeTakeFirstOrThrow();
    expect(row.failed_count).toBe(12);
    expect(row.locked_until).toBeGreaterThan(T0);
  });

  it('leaves exactly one valid code when 10 codes are stored for one mobile at once', async () => {
    const challengeId = 'challenge-burst';
    await t.app.db
      .insertInto('verification_challenges')
      .values({
        id: challengeId,
        kind: 'sms',
        subject_key: 'mobile:13800000001',
        mobile: '13800000001',
        user_id: null,
        org_id: null,
        operation_hash: 'h',
        operation_name: '测试',
        created_at: T0,
        expires_at: T0 + 60_000,
        consumed_at: null,
        invalidated_at: null,
      })
      .execute();
    const key = t.app.verificationKeys.smsCode;
    await at(10, () =>
      storeSmsCode(t.app.db, key, { challengeId, mobile: '13800000001', code: randomSmsCode(), now: T0 }),
    );
    const codes = await t.app.db.selectFrom('sms_codes').select('superseded_at').execute();
    expect(codes).toHaveLength(10);
    expect(codes.filter((c) => c.superseded_at === null)).toHaveLength(1);
  });

  it('keeps exactly one default channel when it is switched back and forth at once', async () => {
    const orgId = DEMO_ORGS.shanghai.id;
    await t.app.db
      .insertInto('channels')
      .values({ id: 'CH-BURST', name: '并发渠道', created_at: T0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await t.app.db
      .insertInto('org_channels')
      .values({ org_id: orgId, channel_id: 'CH-BURST', is_default: 0, created_at: T0 })
      .onConflict((oc) => oc.columns(['org_id', 'channel_id']).doNothing())
      .execute();
    const ids = (await channelsOf(t.app.db, orgId)).map((c) => c.channelId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const answers = await at(12, (i) => setDefaultChannel(t.app.db, orgId, ids[i % ids.length] ?? ''));
    expect(answers.every(Boolean)).toBe(true);
    expect((await channelsOf(t.app.db, orgId)).filter((c) => c.isDefault)).toHaveLength(1);
  });

  it('joins once when two invitations to one organisation are accepted by one user at once', async () => {
    const orgId = DEMO_ORGS.shanghai.id;
    const inviterUserId = await userIdOf('13800000001');
    const userId = await userIdOf('13800000003');
    const invitations = await at(2, () =>
      createInvitation(t.app.db, { orgId, inviterUserId, mobile: null }, T0),
    );
    const outcomes = await Promise.all(
      invitations.map((invitation) =>
        acceptInvitation(t.app.db, { orgId, code: invitation.code, userId }, T0),
      ),
    );
    expect(outcomes.sort()).toEqual(['already_member', 'joined']);
    const memberships = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('org_id', '=', orgId)
      .execute();
    expect(memberships).toHaveLength(1);
  });

  it('rolls a failed transaction back whole, and shows nothing of it to others before it ends', async () => {
    const orgId = DEMO_ORGS.shanghai.id;
    const notices = () =>
      t.app.db.selectFrom('plat_messages').select('id').where('title', '=', '回滚测试').execute();
    const failed = t.app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('plat_messages')
        .values({
          id: 'rolled-back',
          org_id: orgId,
          user_id: null,
          type: 3,
          title: '回滚测试',
          content: '-',
          created_at: T0,
        })
        .execute();
      expect(
        await trx.selectFrom('plat_messages').select('id').where('id', '=', 'rolled-back').execute(),
      ).toHaveLength(1);
      expect(await notices()).toEqual([]);
      throw new Error('abort');
    });
    await expect(failed).rejects.toThrow('abort');
    expect(await notices()).toEqual([]);
  });
});
