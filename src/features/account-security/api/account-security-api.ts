import type { ElecLicenseStatus, OwnerAuthResult, RoleAuth } from '@contract/verification';
import { api } from '@/lib/api';
import { ACCOUNT_SECURITY_URL } from './account-security-requests';

/** The account security page's server data. */
export const accountSecurityApi = api.injectEndpoints({
  endpoints: (build) => ({
    roleAuth: build.query<RoleAuth, void>({
      query: () => ({ url: ACCOUNT_SECURITY_URL.roleAuth }),
      providesTags: ['Account'],
    }),
    elecLicenseStatus: build.query<ElecLicenseStatus, void>({
      query: () => ({ url: ACCOUNT_SECURITY_URL.elecLicenseStatus }),
      providesTags: ['Company'],
    }),
    /** QR-verified (412): the request layer shows the QR dialog and replays. */
    becomeOwner: build.mutation<OwnerAuthResult, void>({
      query: () => ({ url: ACCOUNT_SECURITY_URL.ownerAuth, method: 'POST' }),
      invalidatesTags: ['Account', 'Company'],
    }),
  }),
});

export const { useRoleAuthQuery, useElecLicenseStatusQuery, useBecomeOwnerMutation } = accountSecurityApi;
