/** How an answer finds another module's record between two organisations on a bill, and wins its race. */
import { API_ERROR } from '@contract/errors';
import { ApiFailure } from '../../../src/lib/errors';
import {
  answeringSide,
  enteredRecord,
  onlyAnswer,
  rangeOf,
  type CheckContext,
  type TwoSided,
} from '../../../src/modules/bills/service';
import { issueBody, issued, ledgerTokens, MOBILE, ORG } from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let packageId: string;

beforeAll(async () => {
  t = await startApp();
  const token = await ledgerTokens(t);
  packageId = (await issued(t, MOBILE.shanghai, token.shanghai, issueBody(t))).bill.id;
});
afterAll(async () => {
  await t.app.close();
});

interface Vow {
  id: string;
  package_id: string;
  promisor: string;
  promisee: string;
  kept: boolean;
}

/** A record of a made-up act between 上海 (promisor) and 宁波 (promisee), counting its reads. */
function promises() {
  const rows: Vow[] = [
    { id: 'p1', package_id: packageId, promisor: ORG.shanghai, promisee: ORG.ningbo, kept: false },
    { id: 'p2', package_id: packageId, promisor: ORG.shanghai, promisee: ORG.ningbo, kept: true },
  ];
  const reads: string[] = [];
  const record: TwoSided<Vow, 'promisor' | 'promisee'> = {
    read: async (_trx, id) => {
      reads.push(id);
      return rows.find((row) => row.id === id);
    },
    sides: (row) => ({ promisor: row.promisor, promisee: row.promisee }),
    notFound: '承诺不存在',
    notOnSide: { promisor: '只有承诺方可以处理', promisee: '只有受诺方可以处理' },
    closed: (row, side) =>
      row.kept ? `承诺已履行，${side === 'promisor' ? '承诺方' : '受诺方'}无需再处理` : null,
    about: (_row, pkg) => ({ range: { sub_start: 1, sub_end: 2000 }, amountFen: Number(pkg.amount_fen) }),
  };
  return { record, reads };
}

const checkOf = (orgId: string): CheckContext => ({
  trx: t.app.db,
  now: t.clock.now(),
  actor: { orgId, userId: null },
  realtime: null,
  work: null,
});

const refusal = async (answer: Promise<unknown>) => {
  const failure = await answer.then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiFailure);
  const { code, status, msg } = failure as ApiFailure;
  return { code, status, msg };
};

describe('a record on a bill', () => {
  it('is read, its package entered, and read again; none answers 404 with the module’s message', async () => {
    const { record, reads } = promises();
    const found = await enteredRecord(checkOf(ORG.suzhou), () => record.read(t.app.db, 'p1'), '承诺不存在');
    expect(found.pkg.id).toBe(packageId);
    expect(found.row.id).toBe('p1');
    expect(reads).toEqual(['p1', 'p1']);
    expect(
      await refusal(enteredRecord(checkOf(ORG.suzhou), () => record.read(t.app.db, 'p9'), '承诺不存在')),
    ).toEqual({ code: API_ERROR.notFound, status: 404, msg: '承诺不存在' });
  });
});

describe('the record an answer is about', () => {
  it('is read again once the bill is entered; its summary names the act, the range and the other side', async () => {
    const { record, reads } = promises();
    const found = await answeringSide(checkOf(ORG.ningbo), record, 'p1', 'promisee', '确认承诺');
    expect(found.pkg.id).toBe(packageId);
    expect(found.row.promisor).toBe(ORG.shanghai);
    expect(reads).toEqual(['p1', 'p1']);
    expect(found.summary).toEqual({
      operation: '确认承诺',
      packageNo: found.pkg.package_no,
      amountFen: Number(found.pkg.amount_fen),
      counterparty: '上海链票示范供应链有限公司',
      range: rangeOf(found.pkg, { sub_start: 1, sub_end: 2000 }),
    });
    const other = await answeringSide(checkOf(ORG.shanghai), record, 'p1', 'promisor', '撤回承诺');
    expect(other.summary.counterparty).toBe('宁波海曙包装材料有限公司');
  });

  it("answers a missing one and another organisation's alike, 404", async () => {
    const { record } = promises();
    const missing = await refusal(answeringSide(checkOf(ORG.ningbo), record, 'p9', 'promisee', '确认承诺'));
    const foreign = await refusal(answeringSide(checkOf(ORG.suzhou), record, 'p1', 'promisee', '确认承诺'));
    expect(missing).toEqual({ code: API_ERROR.notFound, status: 404, msg: '承诺不存在' });
    expect(foreign).toEqual(missing);
  });

  it('refuses an organisation answering from the side it is not on, 403 with that side’s message', async () => {
    const { record } = promises();
    expect(await refusal(answeringSide(checkOf(ORG.shanghai), record, 'p1', 'promisee', '确认承诺'))).toEqual(
      {
        code: API_ERROR.forbidden,
        status: 403,
        msg: '只有受诺方可以处理',
      },
    );
    expect(
      (await refusal(answeringSide(checkOf(ORG.ningbo), record, 'p1', 'promisor', '撤回承诺'))).msg,
    ).toBe('只有承诺方可以处理');
  });
  it('refuses one that no longer waits, 409 saying why for the side asking', async () => {
    const { record } = promises();
    expect(await refusal(answeringSide(checkOf(ORG.ningbo), record, 'p2', 'promisee', '确认承诺'))).toEqual({
      code: API_ERROR.billApplicationAnswered,
      status: 409,
      msg: '承诺已履行，受诺方无需再处理',
    });
  });
});

describe('an answer racing another', () => {
  const update = (rows: number) => ({ executeTakeFirst: async () => ({ numUpdatedRows: BigInt(rows) }) });

  it('goes on when its update changed the one row, and is refused 409 when it changed none', async () => {
    await expect(onlyAnswer(update(1), '已处理')).resolves.toBeUndefined();
    expect(await refusal(onlyAnswer(update(0), '已处理'))).toEqual({
      code: API_ERROR.billApplicationAnswered,
      status: 409,
      msg: '已处理',
    });
  });
});
