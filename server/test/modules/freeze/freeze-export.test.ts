/** The 冻结 records through the export centre: the xlsx holds the organisation's records with the list's filter. */
import type { ExportTaskRequest } from '@contract/export-schemas';
import { FREEZE_URL } from '@contract/freeze';
import { pathOf } from '@contract/paths';
import { freshLoopbackIp } from '../../support/captcha-helpers';
import { exportedRows } from '../../support/export-helpers';
import type { TestApp } from '../../support/helpers';
import {
  dataOf,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ORG,
  signedFor,
} from '../../support/bill-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { dataDir: 'freeze-export' });

const exported = (accessToken: string, body: ExportTaskRequest) => exportedRows(t, accessToken, body);

it('exports the freeze records, all of them or those lifted', async () => {
  const detail = await signedFor(t, token, 'shanghai', 'suzhou', issueBody(t, { payeeOrgId: ORG.suzhou }));
  const order = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: freshLoopbackIp() });
  const court = { risk: 'judicial', authority: '上海金融法院' };
  const first = await dataOf<{ id: string }>(
    await order(FREEZE_URL.sandboxFreeze, {
      reference: 'a',
      packageNo: detail.bill.packageNo,
      subStart: 1,
      subEnd: 100,
      documentNo: '甲',
      ...court,
    }),
  );
  await dataOf(
    await order(FREEZE_URL.sandboxFreeze, {
      reference: 'b',
      packageNo: detail.bill.packageNo,
      subStart: 101,
      subEnd: 200,
      documentNo: '乙',
      ...court,
    }),
  );
  await dataOf(
    await order(pathOf(FREEZE_URL.sandboxLift, { id: first.id }), {
      reference: 'c',
      authority: court.authority,
      documentNo: '甲之一',
    }),
  );
  const all = await exported(token.suzhou, { kind: 'freezes' });
  expect(all[0]).toEqual(expect.arrayContaining(['票据包号', '有权机关', '文书号', '状态']));
  expect(all).toHaveLength(3);
  const lifted = await exported(token.suzhou, { kind: 'freezes', params: { billStatus: 'lifted' } });
  expect(lifted).toHaveLength(2);
  expect(lifted[1]).toEqual(expect.arrayContaining(['甲', '已解除', '甲之一', '司法冻结', '1.00']));
  expect(await exported(token.ningbo, { kind: 'freezes' })).toHaveLength(1);
});
