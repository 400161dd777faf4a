import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import {
  CONTRACT_STATUS,
  SIGN_ITEM_STATUS,
  type ContractBizType,
  type ContractStatus,
} from '@contract/e-contract';
import { API_ERROR } from '@contract/errors';
import { REALTIME_EVENT } from '@contract/realtime';
import {
  FINAL_FLOW_STATUSES,
  type ESignGateway,
  type FlowEvent,
  type OrgIdentity,
} from '../../adapters/e-sign/gateway';
import type { FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import type { ContractTable, Database } from '../../db/schema';
import { lockWithinTransaction } from '../../db/locks';
import { fail } from '../../lib/errors';
import { newId, randomHexUpper } from '../../lib/hash';
import { listenersByDatabase } from '../../lib/listeners';
import { fenToYuan } from '../../lib/money';
import { renderContract, UnprintableText, type SignatureField } from '../../lib/pdf/contract-pdf';
import { shanghaiParts } from '../../lib/shanghai-time';
import { ECONTRACT_MSG } from './messages';
import { contractContent, ORG_PARTY_INDEX, type ContractSubject } from './templates';

/** A contract as the screens read it, for a record that shows its own contracts (a financing's sign page). */
export { contractView } from './queries';

/** The platform operator's credit code printed on agreements (the sandbox operator's, not a real company). */
export const PLATFORM_CREDIT_CODE = '91310000MA1FL0000X';

export type ContractRow = Selectable<ContractTable>;

/** A contract not signed within this long after it was drafted expires (the providers' default flow deadline). */
export const CONTRACT_SIGN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** The states a contract can still be signed from. */
export const SIGNABLE: readonly string[] = [CONTRACT_STATUS.draft, CONTRACT_STATUS.signing];

export const contractFileKey = (id: string) => `contracts/${id}.pdf`;
export const signedFileKey = (id: string) => `contracts/${id}.signed.pdf`;

/**
 * What a business record does when its contract changes state (an agreement takes effect when signed, a
 * financing moves on): each kind of record registers one listener; it runs in the transaction that applies
 * the change.
 */
export type ContractStatusListener = (
  trx: Db,
  contract: ContractRow,
  status: ContractStatus,
) => Promise<void>;
const listeners = listenersByDatabase<string, ContractStatusListener>();

/** Registers a listener of the app whose database is `db`. */
export const onContractStatus = (
  db: Db,
  bizType: ContractBizType,
  listener: ContractStatusListener,
): (() => void) => listeners.add(db, bizType, listener);

/**
 * Why the other party's signature of a contract failed: its e-sign service did not start it (`unavailable`),
 * the provider ended its flow unsigned (`refused`, `expired`, `revoked`), or left it unanswered past
 * COUNTERSIGN_ANSWER_MS (`silent`).
 */
export type CountersignFailure = 'unavailable' | 'silent' | 'refused' | 'expired' | 'revoked';

/**
 * What a business record does when the other party's signature of its contract fails (a financing tells its
 * borrower): each kind of record may register one listener; it runs in the transaction that records the
 * failure on the contract, once per failure.
 */
export type CountersignFailedListener = (
  trx: Db,
  contract: ContractRow,
  failure: CountersignFailure,
) => Promise<void>;
const counterListeners = listenersByDatabase<string, CountersignFailedListener>();

/** Registers a listener of the app whose database is `db`. */
export const onCountersignFailed = (
  db: Db,
  bizType: ContractBizType,
  listener: CountersignFailedListener,
): (() => void) => counterListeners.add(db, bizType, listener);

async function tellCountersignFailed(trx: Db, contract: ContractRow, failure: CountersignFailure) {
  for (const listener of counterListeners.of(trx, contract.biz_type)) await listener(trx, contract, failure);
}

/**
 * What a business record says before its contract is signed (a financing whose bills are no longer
 * pledgeable): each kind of record may register one check, which throws an ApiFailure to refuse. The batch
 * sign asks it before any QR or SMS confirmation.
 */
export type ContractSignCheck = (db: Db, contract: ContractRow) => Promise<void>;
const signChecks = listenersByDatabase<string, ContractSignCheck>();

/** Registers a check of the app whose database is `db`. */
export const beforeContractSign = (
  db: Db,
  bizType: ContractBizType,
  check: ContractSignCheck,
): (() => void) => signChecks.add(db, bizType, check);

/** Refuses the contract when its record's check does. */
export async function checkBeforeSign(db: Db, contract: ContractRow): Promise<void> {
  for (const check of signChecks.of(db, contract.biz_type)) await check(db, contract);
}

function contractNumber(now: number): string {
  const p = shanghaiParts(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const random = randomHexUpper(4);
  return `HT${p.year}${pad(p.month)}${pad(p.day)}${random}`;
}

export interface DraftInput {
  orgId: string;
  bizType: ContractBizType;
  bizId: string;
  counterparty: { name: string; creditCode: string };
  amountFen: number;
  subject?: ContractSubject;
}

/**
 * Drafts a contract of a business record for the organisation: the PDF from the record's template, kept in
 * the file store, and the contract in `draft`. The sign flow is started with the provider when it is first
 * signed.
 */
export async function draftContract(deps: { db: Db; files: FileStore; now: number }, input: DraftInput) {
  const row = await renderDraft(deps, input);
  await deps.db.insertInto('contracts').values(row).execute();
  return row;
}

/** The draft's PDF, stored, and the contract row that will name it (not yet inserted). */
async function renderDraft(
  deps: { db: Db; files: FileStore; now: number },
  input: DraftInput,
): Promise<ContractRow> {
  const { db, files, now } = deps;
  const org = await db
    .selectFrom('organizations')
    .select(['name', 'credit_code'])
    .where('id', '=', input.orgId)
    .executeTakeFirstOrThrow();
  const id = newId();
  const contractNo = contractNumber(now);
  const p = shanghaiParts(now);
  const content = contractContent(input.bizType, {
    contractNo,
    org: { name: org.name, creditCode: org.credit_code },
    counterparty: input.counterparty,
    amount: fenToYuan(input.amountFen),
    dateText: `${p.year}年${p.month}月${p.day}日`,
    subject: input.subject,
  });
  let rendered;
  try {
    rendered = await renderContract(content);
  } catch (error) {
    if (error instanceof UnprintableText) {
      throw fail(API_ERROR.badRequest, ECONTRACT_MSG.unprintable(error.characters.join('')));
    }
    throw error;
  }
  const fileKey = contractFileKey(id);
  await files.put(fileKey, rendered.bytes);
  const row: ContractRow = {
    id,
    org_id: input.orgId,
    contract_no: contractNo,
    title: content.title,
    template: input.bizType,
    biz_type: input.bizType,
    biz_id: input.bizId,
    parties: JSON.stringify(content.parties),
    signer_party: ORG_PARTY_INDEX,
    amount_fen: input.amountFen,
    status: CONTRACT_STATUS.draft,
    file_key: fileKey,
    signed_file_key: null,
    fields: JSON.stringify(rendered.fields),
    flow_id: null,
    expires_at: now + CONTRACT_SIGN_WINDOW_MS,
    signed_at: null,
    created_at: now,
    updated_at: now,
    counter_flow_id: null,
    counter_signed_at: null,
    counter_error: null,
  };
  return row;
}

/** The latest contract of a business record; undefined when it has none. */
export const contractOfBiz = (db: Db, bizType: ContractBizType, bizId: string) =>
  db
    .selectFrom('contracts')
    .selectAll()
    .where('biz_type', '=', bizType)
    .where('biz_id', '=', bizId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/**
 * Held while a record's contract is drafted: a module that withdraws the record takes it in the withdrawing
 * transaction, so a draft either sees the record withdrawn or lands before the withdrawal looks for it.
 */
export const lockContractOf = (trx: Db, bizType: ContractBizType, bizId: string) =>
  lockWithinTransaction(trx as Transaction<Database>, `contract-biz:${bizType}:${bizId}`);

/**
 * Drafts the record's contract unless it has one, or the record no longer wants one (`wanted`, asked under
 * the record's lock): a late or repeated draft answers the existing contract. The PDF is rendered outside any
 * transaction (half a second); the insert then takes the record's lock and looks again, so two nodes
 * drafting at once leave one contract, and the loser removes its file.
 */
export async function draftContractOnce(
  deps: { db: Db; files: FileStore; now: number },
  input: DraftInput,
  wanted: (trx: Db) => Promise<boolean> = async () => true,
): Promise<{ row: ContractRow | null; drafted: boolean }> {
  const existing = await contractOfBiz(deps.db, input.bizType, input.bizId);
  if (existing) return { row: existing, drafted: false };
  const row = await renderDraft(deps, input);
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockContractOf(trx, input.bizType, input.bizId);
    const raced = await contractOfBiz(trx, input.bizType, input.bizId);
    if (raced) return { row: raced, drafted: false };
    if (!(await wanted(trx))) return { row: null, drafted: false };
    await trx.insertInto('contracts').values(row).execute();
    return { row, drafted: true };
  });
  if (!result.drafted) await deps.files.delete(row.file_key);
  return result;
}

export type EventOutcome = 'applied' | 'replay' | 'unknown-flow' | 'stale';

const ITEM_STATUS_OF: Partial<Record<ContractStatus, { status: string; message: string | null }>> = {
  complete: { status: SIGN_ITEM_STATUS.signed, message: null },
  expired: { status: SIGN_ITEM_STATUS.failed, message: ECONTRACT_MSG.expired },
  revoked: { status: SIGN_ITEM_STATUS.failed, message: ECONTRACT_MSG.revoked },
  refused: { status: SIGN_ITEM_STATUS.failed, message: ECONTRACT_MSG.refused },
};

/** Records the event's id with its change; false when it was recorded before (a replayed callback). */
async function recordEventOnce(trx: Db, event: FlowEvent, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('esign_callback_events')
    .values({ event_id: event.eventId, flow_id: event.flowId, status: event.status, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Applies a provider's flow event once: the event id is recorded with the change in one transaction, so a
 * replayed callback (the provider retries until it hears 2xx) finds it and changes nothing. A final state
 * is never left; the signed file is copied into the contract's own key before the state says complete.
 */
export async function applyFlowEvent(
  deps: { db: Db; files: FileStore; now: number; announce: (trx: Db, row: ContractRow) => Promise<void> },
  event: FlowEvent,
): Promise<EventOutcome> {
  const { db, files, now } = deps;
  const seen = await db
    .selectFrom('esign_callback_events')
    .select('event_id')
    .where('event_id', '=', event.eventId)
    .executeTakeFirst();
  if (seen) return 'replay';
  const contract = await db
    .selectFrom('contracts')
    .selectAll()
    .where('flow_id', '=', event.flowId)
    .executeTakeFirst();
  if (!contract) {
    const countered = await db
      .selectFrom('contracts')
      .selectAll()
      .where('counter_flow_id', '=', event.flowId)
      .executeTakeFirst();
    return countered ? applyCounterEvent(deps, event, countered) : 'unknown-flow';
  }
  let signedKey: string | null = null;
  if (event.status === CONTRACT_STATUS.complete && event.signedFileKey) {
    const stored = await files.get(event.signedFileKey);
    if (!stored) throw new Error('signed file missing');
    signedKey = signedFileKey(contract.id);
    await files.put(signedKey, await buffer(stored.stream));
  }
  return db.transaction().execute(async (trx) => {
    if (!(await recordEventOnce(trx, event, now))) return 'replay';
    const status = event.status as ContractStatus;
    const updated = await trx
      .updateTable('contracts')
      .set({
        status,
        updated_at: now,
        ...(status === CONTRACT_STATUS.complete ? { signed_file_key: signedKey, signed_at: event.at } : {}),
      })
      .where('id', '=', contract.id)
      .where('status', 'not in', FINAL_FLOW_STATUSES as string[])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'stale';
    const item = ITEM_STATUS_OF[status];
    if (item) {
      await trx
        .updateTable('sign_record_items')
        .set({ status: item.status, message: item.message, updated_at: now })
        .where('contract_id', '=', contract.id)
        .where('status', 'in', [SIGN_ITEM_STATUS.signing, SIGN_ITEM_STATUS.pending])
        .execute();
    }
    const row = { ...contract, status, updated_at: now };
    for (const listener of listeners.of(trx, contract.biz_type)) await listener(trx, row, status);
    await deps.announce(trx, row);
    return 'applied';
  });
}

/**
 * The other party signs a contract the organisation signed (countersign): its file, already carrying the
 * organisation's signature, is signed again by the other party's own account with the provider, on the
 * other party's field, so the signed file carries both signatures. The provider's answer comes as a callback
 * on that flow (applyCounterEvent). A failure of the provider is recorded on the contract (counter_error)
 * and thrown: the contract stays signed by the organisation alone until a retry.
 */
export async function countersign(
  deps: { db: Db; esign: ESignGateway; now: number },
  contract: ContractRow,
  signer: OrgIdentity,
): Promise<void> {
  const { db, esign, now } = deps;
  if (contract.status !== CONTRACT_STATUS.complete || !contract.signed_file_key) return;
  if (contract.counter_signed_at !== null) return;
  const field = (JSON.parse(contract.fields) as SignatureField[]).find(
    (f) => f.party !== contract.signer_party,
  );
  if (!field) throw new Error('a contract without the other party’s signature field');
  // The flow this call started and recorded: a failure is the contract's only while no other flow runs.
  let ours: string | null = null;
  try {
    const account = await esign.openAccount(signer, db);
    const seal = account.seals[0];
    if (!seal) throw new Error('an e-sign account without a seal');
    const { flowId } = await esign.startFlow(
      {
        accountId: account.accountId,
        title: contract.title,
        fileKey: contract.signed_file_key,
        field,
        expiresAt: now + CONTRACT_SIGN_WINDOW_MS,
      },
      db,
    );
    // Only one flow of the other party's at a time: one started meanwhile keeps its own.
    const set = await db
      .updateTable('contracts')
      .set({ counter_flow_id: flowId, counter_error: null, updated_at: now })
      .where('id', '=', contract.id)
      .where('counter_signed_at', 'is', null)
      .where('counter_flow_id', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) === 0) {
      // Another request's flow runs: this spare one is withdrawn; should that fail, it lapses unsigned at
      // its window. Neither touches the running flow nor the contract's record.
      await esign.revoke(flowId).catch(() => undefined);
      return;
    }
    ours = flowId;
    await esign.sign({ flowId, accountId: account.accountId, sealId: seal.sealId, field });
  } catch (error) {
    await db
      .updateTable('contracts')
      .set({ counter_error: ECONTRACT_MSG.countersignFailed(signer.name), updated_at: now })
      .where('id', '=', contract.id)
      .where('counter_signed_at', 'is', null)
      .where((eb) => (ours === null ? eb('counter_flow_id', 'is', null) : eb('counter_flow_id', '=', ours)))
      .execute();
    throw error;
  }
}

/** A countersign that failed is asked again: its error is cleared so a new one may start. */
export const clearCountersignError = (db: Db, contractId: string, now: number) =>
  db
    .updateTable('contracts')
    .set({ counter_error: null, counter_flow_id: null, updated_at: now })
    .where('id', '=', contractId)
    .where('counter_signed_at', 'is', null)
    .where('counter_error', 'is not', null)
    .executeTakeFirst();

/**
 * A provider's event on the other party's flow of a contract, once: complete, the file signed by both
 * parties replaces the organisation's signed file and the contract's record says when the other party
 * signed, then its record hears of it as of any completion; refused, expired or revoked, the contract keeps
 * the organisation's signature alone and says why the other party's failed.
 */
async function applyCounterEvent(
  deps: { db: Db; files: FileStore; now: number; announce: (trx: Db, row: ContractRow) => Promise<void> },
  event: FlowEvent,
  contract: ContractRow,
): Promise<EventOutcome> {
  const { db, files, now } = deps;
  const complete = event.status === CONTRACT_STATUS.complete;
  if (complete) {
    // The file of both signatures replaces the organisation's alone before the record says so (as a
    // completion's copy does): a superset of it, harmless should the record not follow.
    const stored = event.signedFileKey ? await files.get(event.signedFileKey) : undefined;
    if (!stored) throw new Error('signed file missing');
    await files.put(signedFileKey(contract.id), await buffer(stored.stream));
  }
  return db.transaction().execute(async (trx) => {
    if (!(await recordEventOnce(trx, event, now))) return 'replay';
    if (!complete) {
      const failed = ITEM_STATUS_OF[event.status as ContractStatus];
      if (!failed) return 'stale';
      const marked = await trx
        .updateTable('contracts')
        .set({ counter_error: failed.message, updated_at: now })
        .where('id', '=', contract.id)
        .where('counter_flow_id', '=', event.flowId)
        .where('counter_signed_at', 'is', null)
        .where('counter_error', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return 'stale';
      const row = { ...contract, counter_error: failed.message, updated_at: now };
      await tellCountersignFailed(trx, row, event.status as CountersignFailure);
      await deps.announce(trx, row);
      return 'applied';
    }
    const updated = await trx
      .updateTable('contracts')
      .set({ counter_signed_at: event.at, counter_error: null, updated_at: now })
      .where('id', '=', contract.id)
      .where('counter_flow_id', '=', event.flowId)
      .where('counter_signed_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'stale';
    const row = { ...contract, counter_signed_at: event.at, counter_error: null, updated_at: now };
    for (const listener of listeners.of(trx, contract.biz_type)) {
      await listener(trx, row, CONTRACT_STATUS.complete);
    }
    await deps.announce(trx, row);
    return 'applied';
  });
}

/**
 * The other party's flow of a contract is asked after once it has gone this long without an answer (its
 * signing is the provider's automatic act, answered within seconds): the sweep below ends it.
 */
export const COUNTERSIGN_ANSWER_MS = 30 * 60 * 1000;
/** Unanswered countersigns one sweep takes at most; the next sweep takes the rest. */
export const COUNTERSIGN_SWEEP_BATCH = 100;

interface CounterSweepDeps {
  db: Db;
  files: FileStore;
  esign: ESignGateway;
  now: number;
  announce: (trx: Db, row: ContractRow) => Promise<void>;
  onFault: (contractId: string, error: unknown) => void;
  /**
   * The provider did not say where the flow stands (`flowEnd`) or did not withdraw it (`revoke`): the sweep
   * goes on without it (the signature is recorded as failed all the same); the node logs it.
   */
  onProviderFault: (contract: ContractRow, call: 'flowEnd' | 'revoke', error: unknown) => void;
}

/**
 * Ends the other party's flows left unanswered for COUNTERSIGN_ANSWER_MS (no callback came: the provider
 * lost it, or never signed): the provider is asked where the flow stands. Ended, its end is applied as its
 * callback would have been (signed, the contract completes and its record moves on; refused, expired or
 * revoked, the signature failed). Not ended, or the provider does not answer, the signature is recorded as
 * failed (counter_error), so the record may ask for a new one, and the flow withdrawn as far as the
 * provider allows; a signature the provider still reports later completes the contract, as long as no new flow
 * replaced it. The time is the contract's `updated_at`, which the flow's start set and which nothing else
 * changes on a signed contract until the flow answers. A sweep claims each contract before it asks the
 * provider, by moving that time to now where it is still the time it read: of two sweeps at once (two nodes)
 * one claims it and asks, the other passes it over, and each change after is guarded by the flow it read. A
 * sweep stopped after its claim leaves the contract to the sweep after COUNTERSIGN_ANSWER_MS more.
 * The number of flows ended.
 */
export async function endSilentCountersigns(deps: CounterSweepDeps): Promise<number> {
  const { db, now } = deps;
  const silent = await db
    .selectFrom('contracts')
    .selectAll()
    .where('counter_flow_id', 'is not', null)
    .where('counter_signed_at', 'is', null)
    .where('counter_error', 'is', null)
    .where('updated_at', '<=', now - COUNTERSIGN_ANSWER_MS)
    .orderBy('updated_at')
    .limit(COUNTERSIGN_SWEEP_BATCH)
    .execute();
  let ended = 0;
  for (const contract of silent) {
    try {
      if (await endSilentCountersign(deps, contract)) ended += 1;
    } catch (error) {
      deps.onFault(contract.id, error);
    }
  }
  return ended;
}

async function endSilentCountersign(deps: CounterSweepDeps, contract: ContractRow): Promise<boolean> {
  const { db, now, esign } = deps;
  const flowId = contract.counter_flow_id!;
  const claimed = await db
    .updateTable('contracts')
    .set({ updated_at: now })
    .where('id', '=', contract.id)
    .where('counter_flow_id', '=', flowId)
    .where('counter_signed_at', 'is', null)
    .where('counter_error', 'is', null)
    .where('updated_at', '=', contract.updated_at)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  // A provider that does not answer leaves the platform's decision standing: the signature has failed.
  const end = await esign.flowEnd(flowId).catch((error: unknown) => {
    deps.onProviderFault(contract, 'flowEnd', error);
    return null;
  });
  if (end) return (await applyFlowEvent(deps, end)) === 'applied';
  const message = ECONTRACT_MSG.countersignSilent(otherPartyOf(contract));
  const marked = await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('contracts')
      .set({ counter_error: message, updated_at: now })
      .where('id', '=', contract.id)
      .where('counter_flow_id', '=', flowId)
      .where('counter_signed_at', 'is', null)
      .where('counter_error', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    const row = { ...contract, counter_error: message, updated_at: now };
    await tellCountersignFailed(trx, row, 'silent');
    await deps.announce(trx, row);
    return true;
  });
  // Withdrawn once the failure is recorded, so the provider's word of it (revoked) finds it said.
  if (marked)
    await esign.revoke(flowId).catch((error: unknown) => deps.onProviderFault(contract, 'revoke', error));
  return marked;
}

/** The name of the party other than the organisation's on a contract. */
function otherPartyOf(contract: ContractRow): string {
  const parties = JSON.parse(contract.parties) as Array<{ name: string }>;
  return parties.find((_, index) => index !== contract.signer_party)?.name ?? '';
}

/** Overdue contracts one expiry sweep takes at most; the next sweep takes the rest. */
export const CONTRACT_EXPIRY_BATCH = 100;

const ACTIVE_ITEM: readonly string[] = [SIGN_ITEM_STATUS.pending, SIGN_ITEM_STATUS.signing];

/** A contract in a batch under way is the batch's: its provider refuses a flow past its deadline. */
const notInBatch = (eb: ExpressionBuilder<Database, 'contracts'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('sign_record_items')
        .select('sign_record_items.contract_id')
        .whereRef('sign_record_items.contract_id', '=', 'contracts.id')
        .where('sign_record_items.status', 'in', ACTIVE_ITEM),
    ),
  );

/**
 * Ends the contracts whose signing window has passed unsigned: each becomes `expired` once, its business
 * record hears of it and the organisation's screens are told, as for a provider's event. A contract with a
 * provider flow is revoked there first, so nobody can sign it on the provider's page afterwards (its
 * `revoked` callback then finds a final state and changes nothing); one the provider cannot revoke now is
 * left for the next sweep. A contract in a batch under way is left to the batch, whose provider refuses a
 * flow past its deadline.
 */
export async function expireOverdueContracts(deps: EndDeps): Promise<number> {
  const { db, now } = deps;
  const overdue = await db
    .selectFrom('contracts')
    .selectAll()
    .where('status', 'in', SIGNABLE)
    .where('expires_at', '<=', now)
    .where(notInBatch)
    .orderBy('expires_at')
    .limit(CONTRACT_EXPIRY_BATCH)
    .execute();
  let expired = 0;
  for (const contract of overdue) {
    if (await endUnsigned(deps, contract, CONTRACT_STATUS.expired)) expired += 1;
  }
  return expired;
}

interface EndDeps {
  db: Db;
  now: number;
  revoke: (flowId: string) => Promise<void>;
  announce: (trx: Db, row: ContractRow) => Promise<void>;
  onRevokeFailed: (contractId: string, error: unknown) => void;
}

/**
 * Ends an unsigned contract as `status` (expired, or revoked when its record no longer needs it): the flow is
 * revoked with the provider first, then the contract changes once, its record hears of it and the screens
 * are told. False when the provider could not revoke, or the contract was signed, ended or taken into a
 * batch meanwhile.
 */
async function endUnsigned(
  deps: EndDeps,
  contract: ContractRow,
  status: typeof CONTRACT_STATUS.expired | typeof CONTRACT_STATUS.revoked,
): Promise<boolean> {
  const { db, now } = deps;
  if (contract.flow_id) {
    try {
      await deps.revoke(contract.flow_id);
    } catch (error) {
      deps.onRevokeFailed(contract.id, error);
      return false;
    }
  }
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('contracts')
      .set({ status, updated_at: now })
      .where('id', '=', contract.id)
      .where('status', 'in', SIGNABLE)
      .where(notInBatch)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const row = { ...contract, status, updated_at: now };
    for (const listener of listeners.of(trx, contract.biz_type)) await listener(trx, row, status);
    await deps.announce(trx, row);
    return true;
  });
}

/**
 * Revokes the record's contract while it is still unsigned (the record was withdrawn: an agreement released
 * before its contract was signed). False when there is none to revoke now.
 */
export async function revokeUnsignedContractOf(
  deps: EndDeps,
  bizType: ContractBizType,
  bizId: string,
): Promise<boolean> {
  const contract = await contractOfBiz(deps.db, bizType, bizId);
  if (!contract || !SIGNABLE.includes(contract.status)) return false;
  return endUnsigned(deps, contract, CONTRACT_STATUS.revoked);
}

/** Tells the organisation's screens that one of its contracts changed state, with the change's transaction. */
export function announceContract(
  app: Pick<FastifyInstance, 'realtime'>,
  trx: Db,
  row: ContractRow,
): Promise<void> {
  return app.realtime.publishToOrg(
    row.org_id,
    { type: REALTIME_EVENT.contract, payload: { contractId: row.id, status: row.status } },
    trx,
  );
}
