import type { Transaction } from 'kysely';
import { SIGN_ITEM_STATUS, SIGN_RECORD_STATUS } from '@contract/e-contract';
import type { OpenedAccount } from '../../adapters/e-sign/gateway';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/hash';
import { drawSeal, sealSvg, type SealTemplate } from '../../lib/pdf/seal';

/**
 * The e-contract module's writes, each inside the command's transaction: opening the account, queueing a
 * batch and withdrawing what of it has not begun.
 */

/**
 * The seals the provider opened the account with, drawn as the organisation's rows: before the command's
 * transaction, since drawing takes a while and reads nothing.
 */
export async function drawOpenedSeals(orgId: string, opened: OpenedAccount, now: number) {
  const drawings = await Promise.all(
    opened.seals.map((seal) =>
      drawSeal({ template: seal.template as SealTemplate, name: seal.name, label: seal.label ?? undefined }),
    ),
  );
  return opened.seals.map((seal, index) => ({
    id: newId(),
    org_id: orgId,
    provider_seal_id: seal.sealId,
    template: seal.template,
    name: seal.name,
    label: seal.label,
    svg: sealSvg(drawings[index]!),
    is_default: index === 0 ? 1 : 0,
    created_at: now + index,
  }));
}

/** Keeps the account the provider opened and its seals; when another request opened it meanwhile, its seals stand. */
export async function keepOpenedAccount(
  trx: Db,
  input: {
    orgId: string;
    userId: string;
    opened: OpenedAccount;
    seals: Awaited<ReturnType<typeof drawOpenedSeals>>;
    now: number;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('esign_accounts')
    .values({
      org_id: input.orgId,
      provider_account_id: input.opened.accountId,
      opened_by: input.userId,
      opened_at: input.now,
    })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .executeTakeFirst();
  // Another request opened it meanwhile: its seals stand.
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await trx.insertInto('esign_seals').values(input.seals).execute();
  return true;
}

/** Two batches of the organisation at once (two tabs, a double click) take turns from here. */
export const lockOrgSigning = (trx: Db, orgId: string) =>
  lockWithinTransaction(trx as Transaction<Database>, `contract-sign:${orgId}`);

/** Queues a batch: its record and one pending item per contract, in the order asked. */
export async function queueSignRecord(
  trx: Db,
  input: {
    recordId: string;
    orgId: string;
    userId: string;
    sealId: string;
    contractIds: string[];
    now: number;
  },
): Promise<void> {
  const { recordId, now } = input;
  await trx
    .insertInto('sign_records')
    .values({
      id: recordId,
      org_id: input.orgId,
      user_id: input.userId,
      seal_id: input.sealId,
      status: SIGN_RECORD_STATUS.pending,
      total: input.contractIds.length,
      attempts: 0,
      lease_expires_at: null,
      created_at: now,
      started_at: null,
      finished_at: null,
    })
    .execute();
  await trx
    .insertInto('sign_record_items')
    .values(
      input.contractIds.map((contractId, position) => ({
        record_id: recordId,
        contract_id: contractId,
        position,
        status: SIGN_ITEM_STATUS.pending,
        message: null,
        updated_at: now,
      })),
    )
    .execute();
}

/** What has not begun is withdrawn; a contract already with the provider finishes there. */
export async function cancelSignRecord(trx: Db, recordId: string, now: number): Promise<void> {
  await trx
    .updateTable('sign_record_items')
    .set({ status: SIGN_ITEM_STATUS.cancelled, updated_at: now })
    .where('record_id', '=', recordId)
    .where('status', '=', SIGN_ITEM_STATUS.pending)
    .execute();
  await trx
    .updateTable('sign_records')
    .set({ status: SIGN_RECORD_STATUS.cancelled, finished_at: now, lease_expires_at: null })
    .where('id', '=', recordId)
    .where('status', '=', SIGN_RECORD_STATUS.pending)
    .execute();
}
