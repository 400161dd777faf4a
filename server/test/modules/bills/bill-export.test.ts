/**
 * The bill lists through the export centre: the task runs in the background and its xlsx, opened with
 * exceljs, holds the same rows as the list call with the same filters.
 */
import { BILL_URL } from '@contract/bills';
import type { BillApplication, BillPackage, Holding } from '@contract/bills-schemas';
import type { ExportTaskRequest } from '@contract/export-schemas';
import { shanghaiDateTime } from '../../../src/lib/shanghai-time';
import { exportedRows } from '../../support/export-helpers';
import type { TestApp } from '../../support/helpers';
import {
  endorsed,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  listOf,
  MOBILE,
  ORG,
  signedFor,
} from '../../support/bill-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { dataDir: 'bill-export' });

const exported = (accessToken: string, body: ExportTaskRequest) => exportedRows(t, accessToken, body);

const time = (iso: string | null) => (iso ? shanghaiDateTime(Date.parse(iso)) : '');

/** Suzhou issues and accepts a bill to Ningbo; Ningbo signs for it and endorses 300,000.00 back to Suzhou. */
async function splitBill() {
  const detail = await signedFor(t, token, 'suzhou', 'ningbo', issueBody(t, { acceptorOrgId: ORG.suzhou }));
  const held = await listOf<Holding>(t, `${BILL_URL.held}?size=100`, token.ningbo);
  const holding = held.content.find((h) => h.packageId === detail.bill.id)!;
  const endorsement = await endorsed(t, MOBILE.ningbo, token.ningbo, {
    holdingId: holding.id,
    endorseeOrgId: ORG.suzhou,
    amount: '300000.00',
  });
  return { detail, endorsement };
}

describe('bill list exports', () => {
  it('writes the held bills as the list shows them, split ranges and statuses included', async () => {
    const { detail } = await splitBill();
    const list = await listOf<Holding>(t, `${BILL_URL.held}?size=100`, token.ningbo);
    const rows = await exported(token.ningbo, { kind: 'bills-held' });
    expect(rows[0]).toEqual([
      '票据包号',
      '子票区间',
      '金额（元）',
      '票据状态',
      '流通标志',
      '出票人',
      '承兑人',
      '收款人',
      '出票日',
      '到期日',
      '不得转让',
      '取得时间',
    ]);
    expect(rows.slice(1)).toEqual(
      list.content.map((h) => [
        h.packageNo,
        h.range,
        h.amount,
        h.billStatusLabel,
        h.circulationLabel,
        h.drawer.name,
        h.acceptor.name,
        h.payee.name,
        h.issueDate,
        h.dueDate,
        h.noTransfer ? '是' : '否',
        time(h.acquiredAt),
      ]),
    );
    // The endorsed front is locked, the rest is still negotiable: two rows of the new bill.
    const ours = rows.filter((row) => row[0] === detail.bill.packageNo);
    expect(ours.map((row) => [row[1], row[2], row[4]])).toEqual(
      expect.arrayContaining([
        ['000000000001-000030000000', '300000.00', '已锁定'],
        ['000030000001-000100000000', '700000.00', '可流通'],
      ]),
    );
  });

  it('applies the list filters: the held bills of one counterparty over an amount', async () => {
    await splitBill();
    const query = { counterparty: '苏州华信', minAmount: '500000' };
    const list = await listOf<Holding>(
      t,
      `${BILL_URL.held}?size=100&counterparty=${encodeURIComponent(query.counterparty)}&minAmount=500000`,
      token.ningbo,
    );
    expect(list.totalElements).toBeGreaterThan(0);
    const rows = await exported(token.ningbo, { kind: 'bills-held', params: query });
    expect(rows.slice(1).map((row) => row[1])).toEqual(list.content.map((h) => h.range));
    for (const row of rows.slice(1)) expect(Number(row[2])).toBeGreaterThanOrEqual(500000);
  });

  it('exports only the rows of one bill when the list is restricted to it', async () => {
    const { detail } = await splitBill();
    await splitBill();
    const rows = await exported(token.ningbo, { kind: 'bills-held', params: { packageId: detail.bill.id } });
    const list = await listOf<Holding>(
      t,
      `${BILL_URL.held}?size=100&packageId=${detail.bill.id}`,
      token.ningbo,
    );
    expect(list.content.length).toBeGreaterThan(0);
    expect(rows.slice(1).map((row) => row[0])).toEqual(list.content.map((h) => h.packageNo));
    expect(new Set(rows.slice(1).map((row) => row[0]))).toEqual(new Set([detail.bill.packageNo]));
  });

  it('writes the bills issued, the applications waiting for an answer and those made', async () => {
    const { detail, endorsement } = await splitBill();

    const issuedRows = await exported(token.suzhou, { kind: 'bills-issued' });
    const issuedList = await listOf<BillPackage>(t, `${BILL_URL.issued}?size=100`, token.suzhou);
    expect(issuedRows.slice(1).map((row) => row[0])).toEqual(issuedList.content.map((b) => b.packageNo));
    expect(issuedRows.find((row) => row[0] === detail.bill.packageNo)).toEqual(
      expect.arrayContaining(['1000000.00', '宁波海曙包装材料有限公司', '货款']),
    );

    const pendingRows = await exported(token.suzhou, { kind: 'bills-pending' });
    expect(pendingRows[0]?.[0]).toBe('业务类型');
    expect(pendingRows.find((row) => row[1] === detail.bill.packageNo)).toEqual([
      '转让背书',
      detail.bill.packageNo,
      '000000000001-000030000000',
      '300000.00',
      '宁波海曙包装材料有限公司',
      '苏州华信精密零部件有限公司',
      detail.bill.dueDate,
      '待签收',
      '',
      time(endorsement.appliedAt),
      '',
    ]);

    const mineRows = await exported(token.ningbo, { kind: 'bill-applications' });
    const mine = await listOf<BillApplication>(t, `${BILL_URL.mine}?size=100`, token.ningbo);
    expect(mineRows.slice(1).map((row) => [row[1], row[2], row[7]])).toEqual(
      mine.content.map((a) => [a.packageNo, a.range, a.statusLabel]),
    );
  });
});
