import { VERIFICATION_HEADER } from '@contract/verification';

/**
 * The header names every call carries (spec section 7). Apart from the request layer, so a page that calls
 * the platform before it loads (the login screen's channel probe) names them from the same place.
 */
export const HEADER = {
  authorization: 'Authorization',
  systemRole: 'X-Sys-Role',
  format: 'Format',
  requestId: 'Request-Id',
  channelId: 'X-CH-ID',
  idempotencyKey: VERIFICATION_HEADER.idempotencyKey,
} as const;
