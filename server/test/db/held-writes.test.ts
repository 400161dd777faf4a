import { afterCommit, beforeCommit, inSavepoint, type HeldWrites } from '../../src/db/after-commit';
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

  it('are dropped with a row passed over in a savepoint, with its callbacks and writes; kept otherwise', async () => {
    const called: string[] = [];
    const refused = new Error('row refused');
    await t.app.db.transaction().execute(async (trx) => {
      await beforeCommit(trx, MESSAGES, 'kept');
      const passed = await inSavepoint(
        trx,
        async () => {
          await beforeCommit(trx, MESSAGES, 'dropped');
          await afterCommit(trx, () => called.push('dropped'));
          await trx
            .insertInto('sms_outbox')
            .values({ id: 'held-row', mobile: MOBILE, text: 'row', business_code: 0, created_at: 0 })
            .execute();
          throw refused;
        },
        (error) => error === refused,
      );
      expect(passed).toEqual({ ok: false, error: refused });
      const done = await inSavepoint(
        trx,
        async () => {
          await beforeCommit(trx, MESSAGES, 'after');
          await afterCommit(trx, () => called.push('after'));
          return 'done';
        },
        () => true,
      );
      expect(done).toEqual({ ok: true, value: 'done' });
    });
    expect(await texts()).toEqual(['kept,after']);
    expect(called).toEqual(['after']);
  });

  it('roll the whole transaction back when a row fails with an error not passed over', async () => {
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await beforeCommit(trx, MESSAGES, 'a');
        await inSavepoint(
          trx,
          async () => {
            throw new Error('broken');
          },
          () => false,
        );
      }),
    ).rejects.toThrow('broken');
    expect(await texts()).toEqual([]);
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
