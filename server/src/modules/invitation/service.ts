import type { StaffRoleCode } from '@contract/organization';
import { INVITATION_LINK_MARKER, INVITATION_STATUS, INVITATION_TTL_MS } from '@contract/invitation';
import type { Invitation, InvitationDetail } from '@contract/invitation-schemas';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import { newId, randomToken, sha256Hex } from '../../lib/hash';
import { isoTime } from '../../lib/shanghai-time';
import { grantRoles } from '../staff/service';

/** 24 random bytes = 192 bits; an invitation code is a credential and needs at least 128. */
const CODE_BYTES = 24;

/**
 * What a member who joins by invitation may do until the owner grants more: look, read notices, export (the
 * 查看人员 role, so the member list names it). The invitation carries no role, so editing the link cannot
 * raise it.
 */
export const INVITED_MEMBER_ROLE: StaffRoleCode = 'VIEWER';

export const invitationLink = (code: string, orgId: string) =>
  `${INVITATION_LINK_MARKER}${encodeURIComponent(code)}&orgId=${encodeURIComponent(orgId)}`;

export async function createInvitation(
  db: Db,
  input: { orgId: string; inviterUserId: string; mobile: string | null; roles?: readonly StaffRoleCode[] },
  now: number,
): Promise<Invitation> {
  const code = randomToken(CODE_BYTES);
  const expiresAt = now + INVITATION_TTL_MS;
  await db
    .insertInto('invitations')
    .values({
      id: newId(),
      org_id: input.orgId,
      code_hash: sha256Hex(code),
      inviter_user_id: input.inviterUserId,
      mobile: input.mobile,
      roles: input.roles ? JSON.stringify(input.roles) : null,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      used_by: null,
    })
    .execute();
  return { code, orgId: input.orgId, link: invitationLink(code, input.orgId), expiresAt: isoTime(expiresAt) };
}

/** The organisation of the invitation with this code, whichever organisation a link names. */
export async function invitationOrgOf(db: Db, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select('org_id')
    .where('code_hash', '=', sha256Hex(code))
    .executeTakeFirst();
  return row?.org_id;
}

/** The invitation of this code, only if it is for this organisation (the pair is what a link names). */
async function invitationOf(db: Db, orgId: string, code: string) {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('code_hash', '=', sha256Hex(code))
    .executeTakeFirst();
  return row && row.org_id === orgId ? row : undefined;
}

export async function invitationDetail(
  db: Db,
  orgId: string,
  code: string,
  now: number,
): Promise<InvitationDetail | null> {
  const invitation = await invitationOf(db, orgId, code);
  if (!invitation) return null;
  const names = await db
    .selectFrom('organizations as o')
    .innerJoin('users as u', (join) => join.on('u.id', '=', invitation.inviter_user_id))
    .select(['o.name as orgName', 'u.name as inviterName'])
    .where('o.id', '=', invitation.org_id)
    .executeTakeFirst();
  if (!names) return null;
  let status: InvitationDetail['status'] = INVITATION_STATUS.valid;
  if (invitation.used_at !== null) status = INVITATION_STATUS.used;
  else if (Number(invitation.expires_at) <= now) status = INVITATION_STATUS.expired;
  return {
    orgId: invitation.org_id,
    orgName: names.orgName,
    inviterName: names.inviterName,
    expiresAt: isoTime(Number(invitation.expires_at)),
    status,
  };
}

export type AcceptOutcome =
  'joined' | 'not_found' | 'used' | 'expired' | 'mobile_mismatch' | 'already_member';

/**
 * Joins the organisation as a non-owner with the invited member's permissions, spending the invitation, in
 * one transaction. The conditional UPDATE makes the invitation single-use even under concurrent accepts.
 */
export async function acceptInvitation(
  db: Db,
  input: { orgId: string; code: string; userId: string },
  now: number,
): Promise<AcceptOutcome> {
  return db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
    // Two invitations to one organisation accepted at once by one user: the second must see the membership.
    await lockWithinTransaction(trx, `membership:${input.userId}:${input.orgId}`);
    const invitation = await invitationOf(trx, input.orgId, input.code);
    if (!invitation) return 'not_found';
    if (invitation.used_at !== null) return 'used';
    if (Number(invitation.expires_at) <= now) return 'expired';
    const user = await trx
      .selectFrom('users')
      .select('mobile')
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    if (invitation.mobile !== null && invitation.mobile !== user.mobile) return 'mobile_mismatch';
    const existing = await trx
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('org_id', '=', invitation.org_id)
      .executeTakeFirst();
    if (existing) return 'already_member';

    const spent = await trx
      .updateTable('invitations')
      .set({ used_at: now, used_by: input.userId })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return 'used';

    const membershipId = newId();
    await trx
      .insertInto('memberships')
      .values({
        id: membershipId,
        user_id: input.userId,
        org_id: invitation.org_id,
        owner: 0,
        created_at: now,
      })
      .execute();
    await grantRoles(
      trx,
      membershipId,
      invitation.roles !== null ? (JSON.parse(invitation.roles) as StaffRoleCode[]) : [INVITED_MEMBER_ROLE],
    );
    return 'joined';
  });
}
