import { ORG_FUNCTIONS } from '@contract/shell';
import type { CheckedDefaultChannel, OrgChannel } from '@contract/shell-schemas';
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
