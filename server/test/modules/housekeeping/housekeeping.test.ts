import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '@contract/auth-schemas';
import type { ExportTask } from '@contract/export-schemas';
import { issueCrToken } from '../../../src/modules/auth/tokens';
import { exportFileKey } from '../../../src/modules/export/service';
import {
  EXPORT_RETENTION_MS,
  HOUSEKEEPING_BATCH,
  INVITATION_RETENTION_MS,
  LOGIN_ATTEMPT_RETENTION_MS,
  RATE_COUNTER_RETENTION_MS,
  SMS_OUTBOX_RETENTION_MS,
  TOKEN_PURGE_GRACE_MS,
} from '../../../src/modules/housekeeping/constants';
import {
  authed,
  bearer,
  insertCaptchaVerification,
  refreshGrant,
  signIn,
  startApp,
  type TestApp,
} from '../../support/helpers';

const OWNER = '13800000001';
const STAFF = '13800000002';
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

let dataDir: string;
let t: TestApp;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-housekeeping-'));
  t = await startApp({
    dataDir,
    accessTokenTtlSeconds: 2 * 3600,
    refreshTokenTtlSeconds: 7 * 24 * 3600,
    sessionMaxAgeSeconds: 30 * 24 * 3600,
    refreshReuseGraceSeconds: 30,
  });
});
afterEach(async () => {
  await t.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sweep = () => t.app.housekeeper.sweep();
const countOf = async (table: 'access_tokens' | 'refresh_tokens' | 'oauth_sessions' | 'cr_tokens') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sessionIds = async () =>
  (await t.app.db.selectFrom('oauth_sessions').select('id').orderBy('created_at').execute()).map((s) => s.id);
const refresh = async (refreshToken: string): Promise<TokenResponse> => {
  const response = await refreshGrant(t.app, refreshToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenResponse>();
};

describe('tokens and sign-ins', () => {
  it('deletes access tokens a grace after their expiry and keeps live ones', async () => {
    const early = await signIn(t.app, OWNER);
    t.clock.advance(2 * HOUR + TOKEN_PURGE_GRACE_MS);
    const late = await signIn(t.app, STAFF);
    t.clock.advance(1);
    const report = await sweep();
    expect(report.accessTokens).toBe(1);
    expect(await countOf('access_tokens')).toBe(1);
    expect((await authed(t.app, 'GET', '/api/user', late.access_token)).statusCode).toBe(200);
    // The expired one is unknown now: still a 401, the client refreshes either way.
    expect((await authed(t.app, 'GET', '/api/user', early.access_token)).statusCode).toBe(401);
    // Its sign-in lives on: the refresh token still rotates.
    await refresh(early.refresh_token);
  });

  it('keeps a live sign-in’s used refresh tokens, so reuse detection works past their own expiry', async () => {
    const first = await signIn(t.app, OWNER);
    const second = await refresh(first.refresh_token);
    t.clock.advance(5 * DAY);
    const third = await refresh(second.refresh_token);
    // The first two are past their 7-day expiry and the grace, the sign-in is not past its 30 days.
    t.clock.advance(5 * DAY);
    await sweep();
    expect(await countOf('refresh_tokens')).toBe(3);

    const replay = await refreshGrant(t.app, first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(t.logs.events('refresh.reuse')).toHaveLength(1);
    // The family is revoked: the newest token is refused too.
    expect((await refreshGrant(t.app, third.refresh_token)).statusCode).toBe(400);
  });

  it('deletes a sign-in with all its tokens a grace after its absolute expiry', async () => {
    const old = await signIn(t.app, OWNER);
    await refresh(old.refresh_token);
    t.clock.advance(30 * DAY + TOKEN_PURGE_GRACE_MS - HOUR);
    const current = await signIn(t.app, STAFF);
    t.clock.advance(HOUR + 1);
    const report = await sweep();
    expect(report.sessions).toBe(1);
    expect(await sessionIds()).toHaveLength(1);
    expect(await countOf('refresh_tokens')).toBe(1);
    expect(await countOf('access_tokens')).toBe(1);
    await refresh(current.refresh_token);
  });

  it('deletes a logged-out sign-in a grace after its revocation, and not before', async () => {
    const session = await signIn(t.app, OWNER);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(session.access_token),
    });
    expect(logout.statusCode).toBe(200);
    t.clock.advance(TOKEN_PURGE_GRACE_MS);
    await sweep();
    expect(await sessionIds()).toHaveLength(1);
    t.clock.advance(1);
    await sweep();
    expect(await sessionIds()).toEqual([]);
    expect((await refreshGrant(t.app, session.refresh_token)).statusCode).toBe(400);
  });

  it('deletes entry-link crTokens a grace after their expiry, spent or not', async () => {
    const owner = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', OWNER)
      .executeTakeFirstOrThrow();
    await issueCrToken(t.app.db, owner.id, null, t.clock.now());
    t.clock.advance(TOKEN_PURGE_GRACE_MS + HOUR);
    await issueCrToken(t.app.db, owner.id, null, t.clock.now());
    const report = await sweep();
    expect(report.crTokens).toBe(1);
    expect(await countOf('cr_tokens')).toBe(1);
  });

  it('deletes more expired rows than one batch in one sweep', async () => {
    const session = await signIn(t.app, OWNER);
    const { session_id } = await t.app.db
      .selectFrom('access_tokens')
      .select('session_id')
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const rows = Array.from({ length: HOUSEKEEPING_BATCH + 20 }, (_, i) => ({
      token_hash: `expired-${i}`,
      session_id,
      created_at: now,
      expires_at: now + 1,
    }));
    await t.app.db.insertInto('access_tokens').values(rows).execute();
    t.clock.advance(TOKEN_PURGE_GRACE_MS + 2);
    expect((await sweep()).accessTokens).toBe(rows.length);
    // The sign-in's own access token expired less than the grace ago.
    expect(await countOf('access_tokens')).toBe(1);
    await refresh(session.refresh_token);
  });
});

describe('captcha verifications', () => {
  it('deletes used and unused verifications after their expiry', async () => {
    await insertCaptchaVerification(t.app);
    await signIn(t.app, OWNER); // spends a second one
    t.clock.advance(DAY);
    await insertCaptchaVerification(t.app);
    await sweep();
    const left = await t.app.db.selectFrom('captcha_verifications').select('used_at').execute();
    expect(left).toEqual([{ used_at: null }]);
  });
});

describe('exports', () => {
  const create = async (accessToken: string): Promise<ExportTask> => {
    const response = await authed(t.app, 'POST', '/api/export-tasks', accessToken, {
      kind: 'operation-list',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: ExportTask }>().data;
  };
  const finished = async (accessToken: string, id: string) => {
    for (let i = 0; i < 200; i++) {
      const list = (await authed(t.app, 'GET', '/api/export-tasks?page=0&size=50', accessToken)).json<{
        data: { content: ExportTask[] };
      }>().data.content;
      if (list.find((task) => task.id === id)?.status === 'done') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`export ${id} did not finish`);
  };
  const download = (accessToken: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/export-tasks/${id}/file`, headers: bearer(accessToken) });

  it('deletes a task and its file after the retention; its download answers 404, a newer one is kept', async () => {
    const before = (await signIn(t.app, OWNER)).access_token;
    const old = await create(before);
    await finished(before, old.id);
    const { files } = t.app.adapters;
    const oldFile = exportFileKey(old.id, 1);
    expect(await files.stat(oldFile)).not.toBeNull();
    // What a process killed while writing leaves in the local store, last written a day ago.
    const incoming = path.join(dataDir, 'files', '.incoming');
    fs.mkdirSync(incoming, { recursive: true });
    const stale = path.join(incoming, 'abc.part');
    fs.writeFileSync(stale, 'left by a killed process');
    fs.utimesSync(stale, new Date(t.clock.now() - DAY), new Date(t.clock.now() - DAY));

    t.clock.advance(EXPORT_RETENTION_MS - HOUR);
    const after = (await signIn(t.app, OWNER)).access_token;
    const recent = await create(after);
    await finished(after, recent.id);
    t.clock.advance(HOUR + 1);

    const report = await sweep();
    expect(report.exports).toBe(1);
    expect(report.abandonedFileWrites).toBe(1);
    expect(await files.stat(oldFile)).toBeNull();
    expect(fs.existsSync(stale)).toBe(false);
    const gone = await download(after, old.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await download(after, recent.id)).statusCode).toBe(200);
  });

  it('leaves an unfinished task to the worker however old it is', async () => {
    const accessToken = (await signIn(t.app, OWNER)).access_token;
    const task = await create(accessToken);
    await finished(accessToken, task.id);
    // Running, on a lease that outlasts the retention, so the worker does not take it meanwhile.
    await t.app.db
      .updateTable('export_tasks')
      .set({ status: 'running', lease_expires_at: t.clock.now() + 2 * EXPORT_RETENTION_MS })
      .where('id', '=', task.id)
      .execute();
    t.clock.advance(EXPORT_RETENTION_MS + 1);
    expect((await sweep()).exports).toBe(0);
  });
});

describe('counters, the sandbox outbox and invitations', () => {
  const rows = async (table: 'rate_counters' | 'login_attempts' | 'sms_outbox' | 'invitations') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('deletes each kind once it is past its retention, and not a moment before', async () => {
    const now = t.clock.now();
    const { db } = t.app;
    await db
      .insertInto('rate_counters')
      .values([
        { key: 'sms-send:ip:198.18.0.1', window_start: now - RATE_COUNTER_RETENTION_MS - 1, count: 3 },
        { key: 'sms-send:ip:198.18.0.2', window_start: now - RATE_COUNTER_RETENTION_MS + HOUR, count: 3 },
      ])
      .execute();
    await db
      .insertInto('login_attempts')
      .values([
        {
          mobile: '13900000001',
          failed_count: 5,
          first_failed_at: now - LOGIN_ATTEMPT_RETENTION_MS - 1,
          locked_until: null,
        },
        { mobile: '13900000002', failed_count: 2, first_failed_at: now - HOUR, locked_until: null },
      ])
      .execute();
    await db
      .insertInto('sms_outbox')
      .values([
        {
          id: 'old',
          mobile: OWNER,
          text: '验证码',
          business_code: 2,
          created_at: now - SMS_OUTBOX_RETENTION_MS - 1,
        },
        { id: 'new', mobile: OWNER, text: '验证码', business_code: 2, created_at: now - HOUR },
      ])
      .execute();
    const org = await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const inviter = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const invitation = (id: string, expiresAt: number) => ({
      id,
      org_id: org.id,
      code_hash: `hash-${id}`,
      inviter_user_id: inviter.id,
      mobile: null,
      created_at: expiresAt - DAY,
      expires_at: expiresAt,
      used_at: null,
      used_by: null,
    });
    await db
      .insertInto('invitations')
      .values([invitation('gone', now - INVITATION_RETENTION_MS - 1), invitation('kept', now - DAY)])
      .execute();

    const report = await sweep();

    expect(report).toMatchObject({ rateCounters: 1, loginAttempts: 1, smsOutbox: 1, invitations: 1 });
    for (const table of ['rate_counters', 'login_attempts', 'sms_outbox', 'invitations'] as const)
      expect(await rows(table)).toBe(1);
    expect(await db.selectFrom('invitations').select('id').execute()).toEqual([{ id: 'kept' }]);
  });
});

describe('a sweep', () => {
  it('is idempotent: a second sweep finds nothing and changes nothing', async () => {
    const session = await signIn(t.app, OWNER);
    await refresh(session.refresh_token);
    t.clock.advance(31 * DAY + TOKEN_PURGE_GRACE_MS);
    const live = await signIn(t.app, STAFF);
    const first = await sweep();
    expect(Object.values(first).every((n) => n >= 0)).toBe(true);
    expect(first.sessions).toBe(1);
    const second = await sweep();
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    await refresh(live.refresh_token);
  });
});
