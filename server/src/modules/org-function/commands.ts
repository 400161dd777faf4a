import { API_ERROR } from '@contract/errors';
import { FUNCTION_OPENED_WITH, ORG_FUNCTIONS, type FuncCode } from '@contract/shell';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { lockOrgFunctions } from '../agreement/service';
import { FUNCTION_MSG, prerequisitesMessage } from './messages';
import { factsOf, functionView, hasFunction } from './queries';

const nameOf = (code: FuncCode) => ORG_FUNCTIONS.find((f) => f.funcCode === code)?.funcName ?? code;

export const isFuncCode = (code: string): code is FuncCode => ORG_FUNCTIONS.some((f) => f.funcCode === code);

/**
 * Refuses, with the reason, a function the organisation may not open now: not built (即将上线), not offered by
 * its channel, opened some other way than `openedWith`, or with prerequisites missing. Reads only: callers
 * use it before a verification is asked for, and again inside their transaction.
 */
export async function requireOpenable(
  db: Db,
  input: { orgId: string; funcCode: FuncCode; platformChannelId: string; openedWith: string },
): Promise<void> {
  const view = functionView(await factsOf(db, input.orgId, input.platformChannelId), input.funcCode);
  const name = nameOf(input.funcCode);
  if (!view.available) throw fail(API_ERROR.functionUnavailable, FUNCTION_MSG.comingSoon(name));
  if (view.openedWith !== input.openedWith) {
    throw fail(API_ERROR.functionUnavailable, FUNCTION_MSG.openedWithEsignAccount(name));
  }
  if (!view.offered) throw fail(API_ERROR.functionUnavailable, FUNCTION_MSG.notOffered(name));
  if (view.missing.length > 0) {
    throw fail(API_ERROR.functionPrerequisites, prerequisitesMessage(view.missing, input.funcCode));
  }
}

/**
 * Opens a function for the organisation, under the organisation's function lock (an agreement cannot be
 * released between the check and the write). Opening an open function keeps the first opening; true when
 * this call opened it.
 */
export async function openFunction(
  trx: Db,
  input: {
    orgId: string;
    userId: string;
    funcCode: FuncCode;
    platformChannelId: string;
    now: number;
    openedWith?: string;
  },
): Promise<boolean> {
  await lockOrgFunctions(trx, input.orgId);
  if (await hasFunction(trx, input.orgId, input.funcCode)) return false;
  await requireOpenable(trx, { ...input, openedWith: input.openedWith ?? FUNCTION_OPENED_WITH.command });
  const inserted = await trx
    .insertInto('org_function_openings')
    .values({
      org_id: input.orgId,
      func_code: input.funcCode,
      opened_at: input.now,
      opened_by: input.userId,
    })
    .onConflict((oc) => oc.columns(['org_id', 'func_code']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The check at the entry of every command of a function: the organisation has it open, or the command is
 * refused (409) before anything is written, or verified.
 */
export async function requireFunction(db: Db, orgId: string, funcCode: FuncCode): Promise<void> {
  if (!(await hasFunction(db, orgId, funcCode))) {
    throw fail(API_ERROR.functionNotOpened, FUNCTION_MSG.notOpened(nameOf(funcCode)));
  }
}
