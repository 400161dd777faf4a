import { API_ERROR } from '@contract/errors';
import { AGREEMENT_STATUS } from '@contract/organization';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { AGREEMENT_MSG } from './messages';
import { agreementByCode, lockOrgFunctions, offeredAgreements, signedAgreement } from './queries';

/**
 * Signs one of the agreements the organisation's channel offers, under the organisation's function lock;
 * answers the signing record's id (`id` when given, else a new one). The route verifies the signer first and
 * drafts the agreement's contract after the commit.
 */
export async function signAgreement(
  trx: Db,
  input: {
    orgId: string;
    userId: string;
    code: string;
    platformChannelId: string;
    now: number;
    id?: string;
  },
): Promise<string> {
  await lockOrgFunctions(trx, input.orgId);
  const { channelId, agreements } = await offeredAgreements(trx, input.orgId, input.platformChannelId);
  const agreement = agreementByCode(input.code);
  if (!agreement || !agreements.includes(agreement)) {
    throw fail(API_ERROR.agreementNotOffered, AGREEMENT_MSG.notOffered);
  }
  if (await signedAgreement(trx, input.orgId, agreement.code)) {
    throw fail(API_ERROR.agreementSigned, AGREEMENT_MSG.alreadySigned);
  }
  const id = input.id ?? newId();
  await trx
    .insertInto('org_agreements')
    .values({
      id,
      org_id: input.orgId,
      agreement_code: agreement.code,
      version: agreement.version,
      channel_id: channelId,
      status: AGREEMENT_STATUS.signed,
      signed_by: input.userId,
      signed_at: input.now,
      released_by: null,
      released_at: null,
    })
    .execute();
  return id;
}
