import crypto from 'node:crypto';
import { maskResidentId } from '@contract/resident-id';
import type { UserIdentity } from '@contract/organization-schemas';
import type { Db } from '../../db/database';
import { isoTime } from '../../lib/shanghai-time';

export const idNumberHmac = (key: Buffer, idNumber: string): string =>
  crypto.createHmac('sha256', key).update(idNumber).digest('hex');

const NOT_VERIFIED: UserIdentity = { verified: false, name: '', idNumberMasked: '', verifiedAt: '' };

export async function identityOf(db: Db, userId: string): Promise<UserIdentity> {
  const row = await db
    .selectFrom('user_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return NOT_VERIFIED;
  return {
    verified: true,
    name: row.real_name,
    idNumberMasked: row.id_number_masked,
    verifiedAt: isoTime(Number(row.verified_at)),
  };
}

/** Records a passed check; false when the number already belongs to another user. */
export async function recordIdentity(
  db: Db,
  input: { userId: string; name: string; idNumber: string; hmac: string; now: number },
): Promise<'recorded' | 'taken' | 'already'> {
  const existing = await db
    .selectFrom('user_identities')
    .select(['user_id'])
    .where((eb) => eb.or([eb('user_id', '=', input.userId), eb('id_number_hmac', '=', input.hmac)]))
    .execute();
  if (existing.some((row) => row.user_id === input.userId)) return 'already';
  if (existing.length > 0) return 'taken';
  await db
    .insertInto('user_identities')
    .values({
      user_id: input.userId,
      real_name: input.name,
      id_number_hmac: input.hmac,
      id_number_masked: maskResidentId(input.idNumber),
      verified_at: input.now,
    })
    .execute();
  return 'recorded';
}
