/** The 追索 list through the export centre: its xlsx holds the rows the list call shows with the same filter. */
import { pathOf } from '@contract/paths';
import { RECOURSE_URL } from '@contract/recourse';
import type { RecourseAttachment, RecourseRecord } from '@contract/recourse-schemas';
import { PDF } from '../../support/apply-record-helpers';
import { exportedRows } from '../../support/export-helpers';
import type { TestApp } from '../../support/helpers';
import {
  billCall,
  confirmed,
  dataOf,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ORG,
  signedFor,
} from '../../support/bill-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { dataDir: 'recourse-export' });

/** 宁波 receives a bill of 上海's and pursues 上海 before maturity (非拒付追索, the acceptor bankrupt). */
async function pursuedBill(): Promise<{ packageNo: string; notice: RecourseRecord }> {
  const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t));
  const holding = await t.app.db
    .selectFrom('bill_holdings')
    .select('id')
    .where('package_id', '=', detail.bill.id)
    .where('org_id', '=', ORG.ningbo)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  const proof = await dataOf<RecourseAttachment>(
    await t.app.inject({
      method: 'POST',
      url: RECOURSE_URL.attachment,
      headers: { authorization: `Bearer ${token.ningbo}`, 'content-type': 'application/pdf' },
      payload: PDF,
    }),
    201,
  );
  const body = {
    holdingId: holding.id,
    debtorOrgIds: [ORG.shanghai],
    nonRefusalReason: 'NR01',
    attachmentId: proof.id,
  };
  const [notice] = await dataOf<RecourseRecord[]>(
    await confirmed(t, token.ningbo, (headers) =>
      billCall(t.app, 'POST', RECOURSE_URL.notify, token.ningbo, body, headers),
    ),
    201,
  );
  return { packageNo: detail.bill.packageNo, notice: notice! };
}

it('exports one side of the notices with the status filter', async () => {
  const first = await pursuedBill();
  const second = await pursuedBill();
  await dataOf(
    await confirmed(t, token.shanghai, (headers) =>
      billCall(
        t.app,
        'POST',
        pathOf(RECOURSE_URL.agree, { id: first.notice.id }),
        token.shanghai,
        { amount: '1000000.00', clearing: 'SM01' },
        headers,
      ),
    ),
  );

  // The rows of this test's two bills (the demo's case in 追索 is in the exports too).
  const ours = (rows: string[][]) =>
    rows.slice(1).filter((row) => [first.packageNo, second.packageNo].includes(row[0]!));
  const all = await exportedRows(t, token.shanghai, { kind: 'recourse', params: { recourseSide: 'debtor' } });
  expect(all[0]).toEqual(expect.arrayContaining(['票据包号', '被追索人', '追索金额（元）', '状态']));
  expect(ours(all)).toHaveLength(2);
  const waiting = await exportedRows(t, token.shanghai, {
    kind: 'recourse',
    params: { recourseSide: 'debtor', billStatus: 'notified' },
  });
  expect(waiting.slice(1).every((row) => row.includes('待清偿'))).toBe(true);
  expect(ours(waiting).map((row) => row[0])).toEqual([second.packageNo]);
  expect(ours(waiting)[0]).toEqual(expect.arrayContaining(['非拒付追索', '承兑人', '1000000.00', '待清偿']));
  // The pursuer's side holds its own notices; another organisation's export holds none of them.
  expect(
    ours(await exportedRows(t, token.ningbo, { kind: 'recourse', params: { recourseSide: 'pursuer' } })),
  ).toHaveLength(2);
  expect(
    ours(await exportedRows(t, token.suzhou, { kind: 'recourse', params: { recourseSide: 'debtor' } })),
  ).toHaveLength(0);
});
