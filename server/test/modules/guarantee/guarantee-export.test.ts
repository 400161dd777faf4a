/** The 保证 list through the export centre: its xlsx holds the rows the list call shows with the same filter. */
import type { ExportTaskRequest } from '@contract/export-schemas';
import { GUARANTEE_URL } from '@contract/guarantee';
import type { GuaranteeRecord } from '@contract/guarantee-schemas';
import { pathOf } from '@contract/paths';
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
ledgerAppEach((app) => ({ t, token } = app), { dataDir: 'guarantee-export' });

const exported = (accessToken: string, body: ExportTaskRequest) => exportedRows(t, accessToken, body);

it('exports one side of the guarantees with the status filter', async () => {
  const bills = [];
  for (let i = 0; i < 2; i++) {
    bills.push(await signedFor(t, token, 'shanghai', 'suzhou', issueBody(t, { payeeOrgId: ORG.suzhou })));
  }
  const records: GuaranteeRecord[] = [];
  for (const detail of bills) {
    const body = { packageId: detail.bill.id, role: 'drawer', guarantorOrgId: ORG.ningbo };
    records.push(
      await dataOf<GuaranteeRecord>(
        await confirmed(t, token.shanghai, (headers) =>
          billCall(t.app, 'POST', GUARANTEE_URL.apply, token.shanghai, body, headers),
        ),
        201,
      ),
    );
  }
  await dataOf(
    await confirmed(t, token.ningbo, (headers) =>
      billCall(
        t.app,
        'POST',
        pathOf(GUARANTEE_URL.sign, { id: records[0]!.id }),
        token.ningbo,
        undefined,
        headers,
      ),
    ),
  );

  const all = await exported(token.ningbo, { kind: 'guarantees', params: { side: 'received' } });
  expect(all[0]).toEqual(expect.arrayContaining(['票据包号', '保证人', '状态']));
  expect(all).toHaveLength(3);
  const pending = await exported(token.ningbo, {
    kind: 'guarantees',
    params: { side: 'received', billStatus: 'pending' },
  });
  expect(pending.slice(1).map((row) => row[0])).toEqual([bills[1]!.bill.packageNo]);
  expect(pending[1]).toEqual(
    expect.arrayContaining(['1000000.00', '上海链票示范供应链有限公司', '出票人', '待签收']),
  );
  // The other side of Ningbo's is empty: it asked for none.
  expect(await exported(token.ningbo, { kind: 'guarantees', params: { side: 'applied' } })).toHaveLength(1);
});
