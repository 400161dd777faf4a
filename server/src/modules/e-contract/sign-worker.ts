import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { CONTRACT_STATUS, SIGN_ITEM_STATUS } from '@contract/e-contract';
import type { ESignGateway } from '../../adapters/e-sign/gateway';
import type { Db } from '../../db/database';
import type { SignRecordTable } from '../../db/schema';
import type { SignatureField } from '../../lib/pdf/contract-pdf';
import { TASK_STATUS, TaskQueue, TaskWorker, type Lease } from '../../lib/task-queue';
import { ECONTRACT_MSG } from './messages';
import { SIGNABLE } from './service';

/** A record whose run failed this many times (crashes included) is ended rather than retried. */
export const SIGN_MAX_ATTEMPTS = 3;

interface Claimed {
  task: Selectable<SignRecordTable>;
  lease: Lease;
}

export interface SignWorkerDeps {
  db: Db;
  esign: ESignGateway;
  now: () => number;
  log: FastifyBaseLogger;
  leaseMs: number;
  pollMs: number;
}

/**
 * Runs batch signings in the background, so `batch-sign` answers within the client's 10 s whatever the
 * batch: one record at a time per node, any node, taken over when its node dies. For each contract still
 * pending (not cancelled) it starts the provider's flow when there is none yet and asks the provider to
 * sign; the provider's callback then completes the contract and its item.
 */
export function createSignWorker(deps: SignWorkerDeps): TaskWorker<Claimed> {
  const queue = new TaskQueue({ db: deps.db, table: 'sign_records', now: deps.now, leaseMs: deps.leaseMs });
  const worker: TaskWorker<Claimed> = new TaskWorker({
    name: 'contract sign worker',
    log: deps.log,
    pollMs: deps.pollMs,
    claim: () => queue.claim(),
    run: (claimed) => runRecord(deps, queue, () => worker.stopping, claimed),
  });
  return worker;
}

async function runRecord(
  deps: SignWorkerDeps,
  queue: TaskQueue<'sign_records'>,
  stopping: () => boolean,
  { task, lease }: Claimed,
): Promise<void> {
  const { db, now } = deps;
  if (lease.attempt > SIGN_MAX_ATTEMPTS) {
    await failPending(db, task.id, now());
    await queue.finish(lease, TASK_STATUS.failed, { finished_at: now() });
    return;
  }
  const items = await db
    .selectFrom('sign_record_items')
    .select(['contract_id', 'status'])
    .where('record_id', '=', task.id)
    .orderBy('position')
    .execute();
  for (const item of items) {
    if (stopping()) {
      await queue.release(lease);
      return;
    }
    if (!(await queue.renew(lease))) return;
    // Taken from pending only: a cancelled item stays cancelled, one already begun is not begun again.
    const taken = await db
      .updateTable('sign_record_items')
      .set({ status: SIGN_ITEM_STATUS.signing, updated_at: now() })
      .where('record_id', '=', task.id)
      .where('contract_id', '=', item.contract_id)
      .where('status', '=', SIGN_ITEM_STATUS.pending)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) continue;
    try {
      await signOne(deps, task, item.contract_id);
    } catch (error) {
      deps.log.error(
        { err: error, recordId: task.id, contractId: item.contract_id },
        'contract signing failed',
      );
      await db
        .updateTable('sign_record_items')
        .set({ status: SIGN_ITEM_STATUS.failed, message: ECONTRACT_MSG.signFailed, updated_at: now() })
        .where('record_id', '=', task.id)
        .where('contract_id', '=', item.contract_id)
        .where('status', '=', SIGN_ITEM_STATUS.signing)
        .execute();
    }
  }
  await queue.finish(lease, TASK_STATUS.done, { finished_at: now() });
}

async function signOne(deps: SignWorkerDeps, record: Selectable<SignRecordTable>, contractId: string) {
  const { db, esign, now } = deps;
  const contract = await db
    .selectFrom('contracts')
    .selectAll()
    .where('id', '=', contractId)
    .where('org_id', '=', record.org_id)
    .executeTakeFirst();
  const fail = (message: string) =>
    db
      .updateTable('sign_record_items')
      .set({ status: SIGN_ITEM_STATUS.failed, message, updated_at: now() })
      .where('record_id', '=', record.id)
      .where('contract_id', '=', contractId)
      .execute();
  if (!contract || !SIGNABLE.includes(contract.status)) {
    await fail(ECONTRACT_MSG.notSignable(contract?.contract_no ?? ''));
    return;
  }
  const account = await db
    .selectFrom('esign_accounts')
    .select('provider_account_id')
    .where('org_id', '=', record.org_id)
    .executeTakeFirstOrThrow();
  const seal = await db
    .selectFrom('esign_seals')
    .select('provider_seal_id')
    .where('id', '=', record.seal_id)
    .where('org_id', '=', record.org_id)
    .executeTakeFirstOrThrow();
  const fields = JSON.parse(contract.fields) as SignatureField[];
  const field = fields.find((f) => f.party === contract.signer_party) ?? fields[0];
  if (!field) throw new Error('contract without a signature field');
  let flowId = contract.flow_id;
  if (!flowId) {
    ({ flowId } = await esign.startFlow(
      {
        accountId: account.provider_account_id,
        title: contract.title,
        fileKey: contract.file_key,
        field,
        expiresAt: Number(contract.expires_at),
      },
      db,
    ));
    // Only the first start counts: another worker that started one at the same moment keeps its own.
    const set = await db
      .updateTable('contracts')
      .set({ flow_id: flowId, status: CONTRACT_STATUS.signing, updated_at: now() })
      .where('id', '=', contract.id)
      .where('flow_id', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) === 0) {
      await esign.revoke(flowId);
      const again = await db
        .selectFrom('contracts')
        .select('flow_id')
        .where('id', '=', contract.id)
        .executeTakeFirst();
      flowId = again?.flow_id ?? null;
      if (!flowId) throw new Error('flow lost');
    }
  }
  await esign.sign({
    flowId,
    accountId: account.provider_account_id,
    sealId: seal.provider_seal_id,
    field,
  });
}

/** Items not yet begun when a record is given up are failed, so the record's result says what happened. */
async function failPending(db: Db, recordId: string, now: number): Promise<void> {
  await db
    .updateTable('sign_record_items')
    .set({ status: SIGN_ITEM_STATUS.failed, message: ECONTRACT_MSG.signFailed, updated_at: now })
    .where('record_id', '=', recordId)
    .where('status', 'in', [SIGN_ITEM_STATUS.pending, SIGN_ITEM_STATUS.signing])
    .execute();
}
