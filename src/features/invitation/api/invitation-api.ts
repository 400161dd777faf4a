import { INVITATION_URL } from '@contract/invitation';
import { pathOf } from '@contract/paths';
import type { CompanyItem } from '@contract/auth-schemas';
import type { Invitation, InvitationDetail } from '@contract/invitation-schemas';
import { api } from '@/lib/api';
import type { InvitationRef } from '@/features/invitation/model/invitation-ref';

/** Silent: the modals say what went wrong in their own words. */
const invitationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Owner only: a one-time link for a colleague, optionally bound to their mobile. */
    createInvitation: build.mutation<Invitation, { mobile?: string }>({
      query: ({ mobile }) => ({
        url: INVITATION_URL.create,
        method: 'POST',
        data: mobile ? { mobile } : {},
        silent: true,
      }),
    }),
    invitationDetail: build.query<InvitationDetail, InvitationRef>({
      query: ({ orgId, code }) => ({
        url: pathOf(INVITATION_URL.detail, { orgId, code }),
        method: 'GET',
        silent: true,
      }),
    }),
    /** Joins the organisation; the server answers the caller's new company list. */
    joinByInvitation: build.mutation<CompanyItem[] | null, InvitationRef>({
      query: ({ orgId, code }) => ({
        url: pathOf(INVITATION_URL.join, { orgId, code }),
        method: 'POST',
        silent: true,
      }),
    }),
  }),
});

export const { useCreateInvitationMutation, useInvitationDetailQuery, useJoinByInvitationMutation } =
  invitationApi;
