import { readJson, remove, SESSION_KEY, writeJson } from '@/lib/storage';
import { isInvitationRef, type InvitationRef } from '@/features/invitation/model/invitation-ref';

/*
 * An invitation link opened while signed out waits in this tab's storage until the user has signed in;
 * the signed-in frame then offers it once for joining. Tab-scoped, so another tab or a later visit never
 * opens an invitation the user did not just follow.
 */

export function rememberPendingInvitation(ref: InvitationRef): void {
  writeJson(sessionStorage, SESSION_KEY.pendingInvitation, ref);
}

export function readPendingInvitation(): InvitationRef | null {
  return readJson(sessionStorage, SESSION_KEY.pendingInvitation, isInvitationRef);
}

export function forgetPendingInvitation(): void {
  remove(sessionStorage, SESSION_KEY.pendingInvitation);
}
