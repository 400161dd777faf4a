import { ORG_FUNCTIONS, type FuncType } from '@contract/shell';
import type { ChannelFunc, OrgFunction } from '@contract/shell-schemas';
import type { Db } from '../../db/database';
import { isoTime } from '../../lib/shanghai-time';

const byCode = new Map<string, (typeof ORG_FUNCTIONS)[number]>(ORG_FUNCTIONS.map((f) => [f.funcCode, f]));

export const isKnownFunction = (code: string): boolean => byCode.has(code);

/** The catalogue (of one type, or all), each marked opened or not for the organisation. */
export async function functionsOf(
  db: Db,
  orgId: string | null,
  funcType: FuncType | undefined,
): Promise<OrgFunction[]> {
  const opened = orgId
    ? await db
        .selectFrom('org_function_openings')
        .select(['func_code', 'opened_at'])
        .where('org_id', '=', orgId)
        .execute()
    : [];
  const openedAt = new Map(opened.map((row) => [row.func_code, Number(row.opened_at)]));
  return ORG_FUNCTIONS.filter((f) => funcType === undefined || f.funcType === funcType).map((f) => {
    const at = openedAt.get(f.funcCode);
    return {
      funcCode: f.funcCode,
      funcName: f.funcName,
      opened: at !== undefined,
      ...(at !== undefined ? { openedAt: isoTime(at) } : {}),
    };
  });
}

/** What a channel offers, in catalogue order; null when there is no such channel. */
export async function channelFunctions(db: Db, channelId: string): Promise<ChannelFunc[] | null> {
  const channel = await db.selectFrom('channels').select('id').where('id', '=', channelId).executeTakeFirst();
  if (!channel) return null;
  const rows = await db
    .selectFrom('channel_functions')
    .select('func_code')
    .where('channel_id', '=', channelId)
    .execute();
  const offered = new Set(rows.map((r) => r.func_code));
  return ORG_FUNCTIONS.filter((f) => offered.has(f.funcCode)).map((f) => ({
    funcCode: f.funcCode,
    funcName: f.funcName,
  }));
}

/** Opens a function for the organisation; opening it again keeps the first opening. */
export async function openFunction(
  db: Db,
  orgId: string,
  funcCode: string,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('org_function_openings')
    .values({ org_id: orgId, func_code: funcCode, opened_at: now, opened_by: userId })
    .onConflict((oc) => oc.columns(['org_id', 'func_code']).doNothing())
    .execute();
}
