import type { CompanyItem } from '@contract/auth';
import type { Invitation, InvitationDetail } from '@contract/invitation';
import { request } from '@/lib/http';

/** The invitation calls of spec section 7 (organisation calls). */
export const INVITATION_URL = {
  create: '/api/invitation',
  detail: (orgId: string, code: string) =>
    `/api/invitation/detail/${encodeURIComponent(orgId)}/${encodeURIComponent(code)}`,
  join: (orgId: string, code: string) =>
    `/api/account/invitation/${encodeURIComponent(orgId)}/${encodeURIComponent(code)}`,
} as const;

/** Owner only: a one-time link for a colleague, optionally bound to their mobile. */
export function createInvitation(mobile?: string): Promise<Invitation> {
  return request<Invitation>({
    url: INVITATION_URL.create,
    method: 'POST',
    data: mobile ? { mobile } : {},
    silent: true,
  });
}

export function fetchInvitationDetail(orgId: string, code: string): Promise<InvitationDetail> {
  return request<InvitationDetail>({ url: INVITATION_URL.detail(orgId, code), method: 'GET', silent: true });
}

/** Joins the organisation; the server answers the caller's new company list. */
export function joinByInvitation(orgId: string, code: string): Promise<CompanyItem[] | null> {
  return request<CompanyItem[] | null>({
    url: INVITATION_URL.join(orgId, code),
    method: 'POST',
    silent: true,
  });
}
