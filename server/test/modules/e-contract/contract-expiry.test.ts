import { CONTRACT_STATUS, type ContractStatus } from '@contract/e-contract';
import type { SignRecord } from '@contract/e-contract-schemas';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../../src/db/seed';
import { CONTRACT_SIGN_WINDOW_MS, onContractStatus } from '../../../src/modules/e-contract/service';
import { signIn, startApp, type TestApp } from '../../support/helpers';
import {
  batchSignWithQr,
  dataOf,
  draftAgreement,
  openAccountWithSms,
} from '../../support/e-contract-helpers';
import { OWNER_SH } from '../../support/verification-helpers';

let t: TestApp;
let token = '';
const heard: Array<[string, ContractStatus]> = [];
let unlisten = () => {};
const ownerId = DEMO_ACCOUNTS.find((a) => a.mobile === OWNER_SH)?.id ?? '';

beforeAll(async () => {
  t = await startApp();
  token = (await signIn(t.app, OWNER_SH)).access_token;
  expect((await openAccountWithSms(t.app, token, OWNER_SH)).statusCode).toBe(200);
  // No batch runs here: one that is queued stays queued.
  await t.app.contractSignWorker.stop();
  unlisten = onContractStatus(t.app.db, 'org-agreement', async (_trx, contract, status) => {
    heard.push([contract.id, status]);
  });
});
afterAll(async () => {
  unlisten();
  await t.app.close();
});

const row = (id: string) =>
  t.app.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('contract expiry', () => {
  it('ends unsigned contracts past their window once, revoking their provider flow, and leaves the rest', async () => {
    const draft = await draftAgreement(t.app, DEMO_ORGS.shanghai.id);
    const withFlow = await draftAgreement(t.app, DEMO_ORGS.shanghai.id);
    const queued = await draftAgreement(t.app, DEMO_ORGS.shanghai.id);
    // A flow the provider holds open, as a batch that reached it leaves one.
    const account = await t.app.db
      .selectFrom('esign_accounts')
      .select('provider_account_id')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .executeTakeFirstOrThrow();
    const flowRow = await row(withFlow.id);
    const { flowId } = await t.app.adapters.esign.startFlow(
      {
        accountId: account.provider_account_id,
        title: flowRow.title,
        fileKey: flowRow.file_key,
        field: JSON.parse(flowRow.fields)[0],
        expiresAt: Number(flowRow.expires_at),
      },
      t.app.db,
    );
    await t.app.db
      .updateTable('contracts')
      .set({ flow_id: flowId, status: CONTRACT_STATUS.signing })
      .where('id', '=', withFlow.id)
      .execute();
    const batch = await batchSignWithQr(t.app, token, ownerId, { contractIds: [queued.id] });
    expect(dataOf<SignRecord>(batch).status).toBe('pending');

    expect(await t.app.contractExpiry.sweep()).toBe(0);
    t.clock.advance(CONTRACT_SIGN_WINDOW_MS);
    const fresh = await draftAgreement(t.app, DEMO_ORGS.shanghai.id);

    expect(await t.app.contractExpiry.sweep()).toBe(2);
    expect((await row(draft.id)).status).toBe('expired');
    expect((await row(withFlow.id)).status).toBe('expired');
    expect(await t.app.adapters.esign.flowStatus(flowId)).toBe('revoked');
    expect((await row(queued.id)).status).toBe('draft');
    expect((await row(fresh.id)).status).toBe('draft');
    expect(heard).toEqual(
      expect.arrayContaining([
        [draft.id, 'expired'],
        [withFlow.id, 'expired'],
      ]),
    );
    expect(heard.filter(([id]) => id === queued.id || id === fresh.id)).toEqual([]);

    expect(await t.app.contractExpiry.sweep()).toBe(0);
    expect(heard.filter(([id]) => id === draft.id)).toHaveLength(1);
  });
});
