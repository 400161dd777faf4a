import { inject } from 'vitest';
import { BANK_URL, TRANSFER_REQUESTS_PER_DAY } from '@contract/bank-account';
import type { BankAccount, BankVerification } from '@contract/bank-account-schemas';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { PERMISSION } from '@contract/permissions';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { DEMO_ORGS } from '../../src/db/seed';
import { signIn, startPostgresApp, T0, type TestApp } from '../support/helpers';
import {
  accountFor,
  addAccount,
  addedAccount,
  bind,
  call,
  checkAmount,
  paidAmount,
} from '../support/bank-helpers';
import { freshPostgresDb } from '../support/postgres-test-db';
import { latestCode, OWNER_HZ, sendSms, STAFF_BOTH, withCode } from '../support/verification-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
let hz: string;
beforeEach(async () => {
  t = await startPostgresApp(serverUrl);
  hz = (await signIn(t.app, OWNER_HZ)).access_token;
});
afterEach(async () => {
  await t.app.close();
});

const statuses = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort();

describe('PostgreSQL: banks', () => {
  it('gives exactly one success to five checks of the right amount at once', async () => {
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => checkAmount(t.app, hz, added.id, amount)),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
    const rows = await t.app.db.selectFrom('bank_verifications').select(['status', 'wrong_count']).execute();
    expect(rows).toEqual([{ status: 'VERIFIED', wrong_count: 0 }]);
  });

  it('counts every one of concurrent wrong amounts, and fails the verification once', async () => {
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    const wrong = amount === '0.50' ? '0.51' : '0.50';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => checkAmount(t.app, hz, added.id, wrong)),
    );
    const codes = answers.map((a) => a.json<{ code: string }>().code).sort();
    expect(codes).toEqual([
      'AMOUNT_MISMATCH',
      'AMOUNT_MISMATCH',
      'AMOUNT_MISMATCH',
      'BANK_VERIFICATION_CLOSED',
      'BANK_VERIFICATION_CLOSED',
      'BANK_VERIFICATION_FAILED',
    ]);
    const row = await t.app.db.selectFrom('bank_verifications').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILED', wrong_count: 4 });
  });

  it('authenticates the organisation once, with one notice, for two right checks at once', async () => {
    const applied = await call(t.app, 'POST', BANK_URL.transferAuthApply, hz, {
      payload: accountFor('hangzhou', '955880001234'),
    });
    const transfer = applied.json<{ data: BankVerification }>().data;
    const amount = await paidAmount(t.app, '955880001234');
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(t.app, 'POST', BANK_URL.transferAuthCheck, hz, { payload: { id: transfer.id, amount } }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    const notices = await t.app.db
      .selectFrom('plat_messages')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .where('title', '=', '企业认证成功')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('adds one of two accounts of the same number at once and answers the other 409', async () => {
    const body = accountFor('hangzhou', '622202123456');
    const answers = await Promise.all([1, 2].map(() => addAccount(t.app, hz, body)));
    expect(statuses(answers)).toEqual([201, 409]);
  });

  it('holds the daily limit against requests at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: TRANSFER_REQUESTS_PER_DAY + 3 }, (_, i) =>
        addAccount(t.app, hz, accountFor('hangzhou', `6222021234${String(i).padStart(2, '0')}`)),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(TRANSFER_REQUESTS_PER_DAY);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3);
  });

  it('keeps one default settlement account when two members bind two accounts at once', async () => {
    const membership = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.mobile', '=', STAFF_BOTH)
      .where('m.org_id', '=', DEMO_ORGS.hangzhou.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('membership_permissions')
      .values({
        membership_id: membership.id,
        permission_path: `${PERMISSION_PATH_PREFIX}${PERMISSION.bankAccount.path}`,
      })
      .execute();
    const staff = (await signIn(t.app, STAFF_BOTH)).access_token;
    await call(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, staff);
    const staffHz = (await signIn(t.app, STAFF_BOTH)).access_token;

    const verified: BankAccount[] = [];
    for (const accountNo of ['622202111111', '622202222222']) {
      const added = await addedAccount(t.app, hz, accountFor('hangzhou', accountNo));
      expect((await checkAmount(t.app, hz, added.id, await paidAmount(t.app, accountNo))).statusCode).toBe(
        200,
      );
      verified.push(added);
    }
    const callers = [
      { mobile: OWNER_HZ, token: hz, id: verified[0]!.id },
      { mobile: STAFF_BOTH, token: staffHz, id: verified[1]!.id },
    ];
    for (const caller of callers) {
      expect((await bind(t.app, caller.token, caller.id)).statusCode).toBe(406);
      expect((await sendSms(t.app, caller.mobile, { accessToken: caller.token })).statusCode).toBe(200);
    }
    const codes = await Promise.all(callers.map((caller) => latestCode(t.app, caller.mobile)));
    const answers = await Promise.all(
      callers.map((caller, i) => bind(t.app, caller.token, caller.id, withCode(codes[i]!))),
    );
    expect(statuses(answers)).toEqual([200, 200]);
    const defaults = await t.app.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .where('is_default', '=', 1)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it('loads the branch directory once when two nodes start at once on an empty database', async () => {
    const { url, db } = await freshPostgresDb(serverUrl);
    const config = testConfig({ databaseUrl: url, logLevel: 'silent' });
    const nodes = await Promise.all([
      buildApp(config, { now: () => T0 }),
      buildApp(config, { now: () => T0 }),
    ]);
    try {
      const branches = await db
        .selectFrom('bank_branches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(branches.n).toBe(4060);
      expect(await db.selectFrom('reference_data_versions').selectAll().execute()).toHaveLength(1);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await db.destroy();
    }
  });
});
