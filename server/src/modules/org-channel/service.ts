import { ORG_FUNCTIONS } from '@contract/shell';
import type { ChannelFunc, CheckedDefaultChannel, OrgChannel } from '@contract/shell-schemas';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';

export const CHANNEL_NOT_FOUND_MSG = '渠道不存在';

/**
 * The environment's channel (X-CH-ID, cId) must exist for the channel calls to answer; a platform started
 * without the demo seed gets it with every function. An existing channel is left as it is.
 */
export async function ensurePlatformChannel(
  db: Db,
  config: Pick<AppConfig, 'channelId' | 'platformName'>,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('channels')
      .values({ id: config.channelId, name: config.platformName, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto('channel_functions')
      .values(ORG_FUNCTIONS.map((f) => ({ channel_id: config.channelId, func_code: f.funcCode })))
      .onConflict((oc) => oc.columns(['channel_id', 'func_code']).doNothing())
      .execute();
  });
}

/** Adds a channel offering `functions`; a channel that exists is left as it is. */
export async function defineChannel(
  db: Db,
  channel: { id: string; name: string; functions: readonly string[] },
  now: number,
): Promise<void> {
  await db
    .insertInto('channels')
    .values({ id: channel.id, name: channel.name, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('channel_functions')
    .values(channel.functions.map((code) => ({ channel_id: channel.id, func_code: code })))
    .onConflict((oc) => oc.columns(['channel_id', 'func_code']).doNothing())
    .execute();
}

/** The organisation joins a channel; as its default, the only one. */
export async function joinChannel(
  db: Db,
  input: { orgId: string; channelId: string; isDefault: boolean },
  now: number,
): Promise<void> {
  if (input.isDefault) {
    await db.updateTable('org_channels').set({ is_default: 0 }).where('org_id', '=', input.orgId).execute();
  }
  await db
    .insertInto('org_channels')
    .values({
      org_id: input.orgId,
      channel_id: input.channelId,
      is_default: input.isDefault ? 1 : 0,
      created_at: now,
    })
    .execute();
}

export async function channelsOf(db: Db, orgId: string): Promise<OrgChannel[]> {
  const rows = await db
    .selectFrom('org_channels as oc')
    .innerJoin('channels as c', 'c.id', 'oc.channel_id')
    .select(['c.id', 'c.name', 'oc.is_default'])
    .where('oc.org_id', '=', orgId)
    .orderBy('oc.created_at')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ channelId: r.id, channelName: r.name, isDefault: r.is_default === 1 }));
}

export async function defaultChannelOf(db: Db, orgId: string): Promise<CheckedDefaultChannel> {
  const row = await db
    .selectFrom('org_channels')
    .select('channel_id')
    .where('org_id', '=', orgId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return { checked: row !== undefined, channelId: row?.channel_id ?? null };
}

/** Makes one of the organisation's channels its only default; false (nothing changed) when it has no such channel. */
export async function setDefaultChannel(db: Db, orgId: string, channelId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('org_channels')
      .select('channel_id')
      .where('org_id', '=', orgId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    if (!own) return false;
    // One statement: two of these at once on PostgreSQL must not each lock half the rows and deadlock.
    await trx
      .updateTable('org_channels')
      .set((eb) => ({
        is_default: eb.case().when('channel_id', '=', channelId).then(1).else(0).end(),
      }))
      .where('org_id', '=', orgId)
      .execute();
    return true;
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
