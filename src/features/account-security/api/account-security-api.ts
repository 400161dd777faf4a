import { VERIFICATION_URL } from '@contract/verification';
import { DEFAULT_AUTH_METHOD } from '@contract/constants';
import type {
  BizAuthType,
  ElecLicenceStatus,
  OwnerAuthResult,
  RoleAuth,
} from '@contract/verification-schemas';
import { api, fromCache } from '@/lib/api';
import type { RootState } from '@/lib/store';

/** The account security page's server data. */
export const accountSecurityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The organisation's authentication method; the signed-in shell keeps it loaded. */
    bizAuthType: build.query<BizAuthType | null, void>({
      query: () => ({ url: VERIFICATION_URL.bizAuthType, silent: true }),
    }),
    roleAuth: build.query<RoleAuth, void>({
      query: () => ({ url: VERIFICATION_URL.roleAuth }),
      providesTags: ['Account'],
    }),
    elecLicenceStatus: build.query<ElecLicenceStatus, void>({
      query: () => ({ url: VERIFICATION_URL.elecLicenceStatus }),
      providesTags: ['Company'],
    }),
    /** QR-verified (412): the request layer shows the QR dialog and replays. */
    becomeOwner: build.mutation<OwnerAuthResult, void>({
      query: () => ({ url: VERIFICATION_URL.ownerAuth, method: 'POST' }),
      invalidatesTags: ['Account', 'Company'],
    }),
  }),
});

export const { useBizAuthTypeQuery, useRoleAuthQuery, useElecLicenceStatusQuery, useBecomeOwnerMutation } =
  accountSecurityApi;

const bizAuthTypeResult = fromCache(accountSecurityApi.endpoints.bizAuthType.select());

/** The global state's authMethod (spec section 3): NO_PERMISSIONS until the lookup answers, and when it fails. */
export const selectAuthMethod = (state: RootState): string =>
  bizAuthTypeResult(state).data?.bizAuthType ?? DEFAULT_AUTH_METHOD;
