import type { Page } from '@contract/envelope-schemas';
import { ORG_URL } from '@contract/organization';
import type {
  Onboarding,
  OrgAgreement,
  OrganizationContactUpdate,
  OrganizationInfo,
  ReleaseCheck,
  StaffCommand,
  StaffCommandResult,
  StaffMember,
  StaffQuery,
  StaffRole,
} from '@contract/organization-schemas';
import { api } from '@/lib/api';

/** The company centre's server data: the organisation, its staff and roles, its agreements, the checklist. */
const companyCenterApi = api
  .enhanceEndpoints({ addTagTypes: ['Organization', 'Staff', 'Agreement', 'OrgFunction'] })
  .injectEndpoints({
    endpoints: (build) => ({
      organization: build.query<OrganizationInfo, void>({
        query: () => ({ url: ORG_URL.organization }),
        providesTags: ['Organization'],
      }),
      updateOrganization: build.mutation<OrganizationInfo, OrganizationContactUpdate>({
        query: (data) => ({ url: ORG_URL.organization, method: 'PUT', data }),
        invalidatesTags: ['Organization'],
      }),
      roles: build.query<StaffRole[], void>({ query: () => ({ url: ORG_URL.roleList }) }),
      staff: build.query<Page<StaffMember>, StaffQuery>({
        query: (params) => ({ url: ORG_URL.staff, params }),
        providesTags: ['Staff'],
      }),
      staffCommand: build.mutation<StaffCommandResult, StaffCommand>({
        query: (data) => ({ url: ORG_URL.staff, method: 'POST', data }),
        invalidatesTags: ['Staff'],
      }),
      agreements: build.query<OrgAgreement[], void>({
        query: () => ({ url: ORG_URL.sign }),
        providesTags: ['Agreement'],
      }),
      /** QR-verified (412) or SMS-verified (406): the request layer shows the dialog and replays. */
      signAgreement: build.mutation<OrgAgreement, string>({
        query: (agreementCode) => ({ url: ORG_URL.sign, method: 'POST', data: { agreementCode } }),
        invalidatesTags: ['Agreement', 'OrgFunction'],
      }),
      releaseCheck: build.query<ReleaseCheck, string>({
        query: (id) => ({ url: ORG_URL.signRelease, params: { id } }),
        keepUnusedDataFor: 0,
      }),
      releaseAgreement: build.mutation<OrgAgreement, string>({
        query: (id) => ({
          url: `${ORG_URL.sign}/${encodeURIComponent(id)}`,
          method: 'PUT',
          data: { action: 'RELEASE' },
        }),
        invalidatesTags: ['Agreement', 'OrgFunction'],
      }),
      onboarding: build.query<Onboarding, void>({
        query: () => ({ url: ORG_URL.onboarding, silent: true }),
        providesTags: ['Agreement', 'OrgFunction', 'Company'],
      }),
    }),
  });

/**
 * Marks the agreements stale, and what depends on them: a contract of an agreement was drafted, signed or
 * ended (the company centre follows the contract events, src/app/routes/company-center-screens.tsx).
 */
export const invalidateAgreements = () => companyCenterApi.util.invalidateTags(['Agreement']);

export const {
  useOrganizationQuery,
  useUpdateOrganizationMutation,
  useRolesQuery,
  useStaffQuery,
  useStaffCommandMutation,
  useAgreementsQuery,
  useSignAgreementMutation,
  useLazyReleaseCheckQuery,
  useReleaseAgreementMutation,
  useOnboardingQuery,
} = companyCenterApi;
