import { sql } from 'kysely';
import {
  afterCommitMark,
  beforeCommit,
  dropAfterCommitSince,
  type HeldWrites,
} from '../../src/db/after-commit';
import type { Db } from '../../src/db/database';
import { startApp, type TestApp } from '../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const MOBILE = '13900000998';

/** A kind of held write: one outbox message per transaction, its text the held items joined in order. */
const statementsMade: number[] = [];
const MESSAGES: HeldWrites<string> = {
  statements(db, items) {
    statementsMade.push(items.length);
    return [
      (db as Db)
        .insertInto('sms_outbox')
        .values({
          id: `held-${statementsMade.length}`,
          mobile: MOBILE,
          text: items.join(','),
          business_code: 0,
          created_at: 0,
        })
        .compile(),
    ];
  },
};

const texts = async () =>
  (
    await t.app.db
      .selectFrom('sms_outbox')
      .select('text')
      .where('mobile', '=', MOBILE)
      .orderBy('id')
      .execute()
  ).map((row) => row.text);

beforeEach(async () => {
  statementsMade.length = 0;
  await t.app.db.deleteFrom('sms_outbox').where('mobile', '=', MOBILE).execute();
});

describe('writes held back to the commit', () => {
  it('are made as one, just before the transaction commits, and not before', async () => {
    await t.app.db.transaction().execute(async (trx) => {
      await beforeCommit(trx, MESSAGES, 'a');
      await beforeCommit(trx, MESSAGES, 'b');
      const inside = await trx.selectFrom('sms_outbox').select('id').where('mobile', '=', MOBILE).execute();
      expect(inside).toEqual([]);
    });
    expect(await texts()).toEqual(['a,b']);
    expect(statementsMade).toEqual([2]);
  });

  it('are never made when the transaction rolls back', async () => {
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await beforeCommit(trx, MESSAGES, 'a');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await t.app.db.transaction().execute(async (trx) => {
      await beforeCommit(trx, MESSAGES, 'b');
    });
    expect(await texts()).toEqual(['b']);
  });

  it('are dropped with a savepoint rolled back, and kept from before it', async () => {
    await t.app.db.transaction().execute(async (trx) => {
      await beforeCommit(trx, MESSAGES, 'kept');
      const mark = await afterCommitMark(trx);
      await sql`savepoint row`.execute(trx);
      await beforeCommit(trx, MESSAGES, 'dropped');
      await sql`rollback to savepoint row`.execute(trx);
      await dropAfterCommitSince(trx, mark);
      await sql`release savepoint row`.execute(trx);
      await beforeCommit(trx, MESSAGES, 'after');
    });
    expect(await texts()).toEqual(['kept,after']);
  });

  it('are made at once outside a transaction', async () => {
    await beforeCommit(t.app.db, MESSAGES, 'now');
    expect(await texts()).toEqual(['now']);
  });

  it('fail the commit when they fail, and the transaction rolls back whole', async () => {
    await t.app.db
      .insertInto('sms_outbox')
      .values({ id: 'held-1', mobile: MOBILE, text: 'there', business_code: 0, created_at: 0 })
      .execute();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sms_outbox')
          .values({ id: 'held-other', mobile: MOBILE, text: 'written', business_code: 0, created_at: 0 })
          .execute();
        await beforeCommit(trx, MESSAGES, 'clashes');
      }),
    ).rejects.toThrow();
    expect(await texts()).toEqual(['there']);
  });
});
