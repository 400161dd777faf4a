import { pathOf } from '@contract/paths';
import { VERIFICATION_URL } from '@contract/verification';
import { BANK_URL } from '@contract/bank-account';
import type { SandboxBankTransfer } from '@contract/bank-account-schemas';
import { SETTLEMENT_URL } from '@contract/settlement';
import type { SandboxDepositRequest, SettlementStatement } from '@contract/settlement-schemas';
import type { SandboxQr, SandboxSms } from '@contract/verification-schemas';
import { INSTITUTION_URL } from '@contract/institution';
import { PLEDGE_URL } from '@contract/pledge';
import type { SandboxPledge } from '@contract/pledge-schemas';
import type { SandboxInstitutionAnswer, SandboxInstitutionApplication } from '@contract/institution-schemas';
import { RECOURSE_URL } from '@contract/recourse';
import type {
  RecourseCandidate,
  RecourseRecord,
  SandboxRecourseAnswer,
  SandboxRecourseNotifyRequest,
} from '@contract/recourse-schemas';
import { api, type HttpQueryError } from '@/lib/api';
import { catalogueMessage, showErrorNotice } from '@/lib/error-messages';

export const HTTP_NOT_FOUND = 404;

/** A 404 means the sandbox is off, which the pages say themselves; any other failure gets the catalogue's notice. */
async function noticeUnlessOff(_: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
  } catch (rejected) {
    const failure = (rejected as { error?: HttpQueryError }).error;
    if (failure && failure.status !== HTTP_NOT_FOUND) showErrorNotice(catalogueMessage(failure));
  }
}

export interface SandboxDecision {
  qrId: string;
  decision: 'confirm' | 'refuse';
}

/** The reads are silent (see noticeUnlessOff); a decision goes through the request layer's notices. */
const sandboxApi = api
  .enhanceEndpoints({ addTagTypes: ['SandboxSettlement', 'SandboxInstitution', 'SandboxRecourse'] })
  .injectEndpoints({
    endpoints: (build) => ({
      sandboxSms: build.query<SandboxSms[], string>({
        query: (mobile) => ({ url: VERIFICATION_URL.sandboxSms, params: { mobile }, silent: true }),
        onQueryStarted: noticeUnlessOff,
      }),
      /** The sandbox bank's statement of one account: the transfers that reached it. */
      sandboxStatement: build.query<SandboxBankTransfer[], string>({
        query: (accountNo) => ({ url: BANK_URL.sandboxStatement, params: { accountNo }, silent: true }),
        onQueryStarted: noticeUnlessOff,
      }),
      /** One settlement account at the sandbox bank: its balance and latest lines. */
      sandboxSettlement: build.query<SettlementStatement, string>({
        query: (accountNo) => ({ url: SETTLEMENT_URL.sandboxStatement, params: { accountNo }, silent: true }),
        onQueryStarted: noticeUnlessOff,
        providesTags: ['SandboxSettlement'],
      }),
      /** The sandbox bank puts money into an account the platform knows; answers its statement. */
      sandboxDeposit: build.mutation<SettlementStatement, SandboxDepositRequest>({
        query: (body) => ({ url: SETTLEMENT_URL.sandboxDeposit, method: 'POST', data: body }),
        invalidatesTags: ['SandboxSettlement'],
      }),
      /** Applications the sandbox institutions are to answer, then the latest answered. */
      sandboxInstitutionApplications: build.query<SandboxInstitutionApplication[], void>({
        query: () => ({ url: INSTITUTION_URL.sandboxApplications, silent: true }),
        onQueryStarted: noticeUnlessOff,
        providesTags: ['SandboxInstitution'],
      }),
      /** A developer answers for the institution. */
      answerInstitutionApplication: build.mutation<null, { id: string } & SandboxInstitutionAnswer>({
        query: ({ id, ...body }) => ({
          url: pathOf(INSTITUTION_URL.sandboxAnswer, { id }),
          method: 'POST',
          data: body,
        }),
        invalidatesTags: ['SandboxInstitution'],
      }),
      /** The pledges the sandbox institutions hold, for a developer to ask their release. */
      sandboxInstitutionPledges: build.query<SandboxPledge[], void>({
        query: () => ({ url: PLEDGE_URL.sandboxPledges, silent: true }),
        onQueryStarted: noticeUnlessOff,
        providesTags: ['SandboxInstitution'],
      }),
      /** The institution asks the pledgor to release a pledge. */
      askPledgeRelease: build.mutation<null, string>({
        query: (id) => ({ url: pathOf(PLEDGE_URL.sandboxRelease, { id }), method: 'POST' }),
        invalidatesTags: ['SandboxInstitution'],
      }),
      /** What the pledgee of a range refused at maturity may pursue for it: parties, window, today's claim. */
      sandboxRecourseStanding: build.query<RecourseCandidate, string>({
        query: (pledgeId) => ({ url: pathOf(RECOURSE_URL.sandboxNotify, { id: pledgeId }) }),
        providesTags: ['SandboxRecourse'],
      }),
      /** The recourse notices the sandbox institutions sent as pledgees, newest first, with their open acts. */
      sandboxRecourseNotices: build.query<RecourseRecord[], void>({
        query: () => ({ url: RECOURSE_URL.sandboxNotices, silent: true }),
        onQueryStarted: noticeUnlessOff,
        providesTags: ['SandboxRecourse'],
      }),
      /** The pledgee's 发起追索, in the institution's place. */
      sandboxNotifyRecourse: build.mutation<string[], { pledgeId: string } & SandboxRecourseNotifyRequest>({
        query: ({ pledgeId, ...body }) => ({
          url: pathOf(RECOURSE_URL.sandboxNotify, { id: pledgeId }),
          method: 'POST',
          data: body,
        }),
        invalidatesTags: ['SandboxRecourse', 'SandboxInstitution'],
      }),
      /** The pledgee's 签收 or 驳回 of a 同意清偿. */
      sandboxAnswerRecourse: build.mutation<null, { id: string } & SandboxRecourseAnswer>({
        query: ({ id, ...body }) => ({
          url: pathOf(RECOURSE_URL.sandboxAnswer, { id }),
          method: 'POST',
          data: body,
        }),
        invalidatesTags: ['SandboxRecourse', 'SandboxInstitution', 'SandboxSettlement'],
      }),
      /** The pledgee's 撤回 of a notice the party has not answered. */
      sandboxWithdrawRecourse: build.mutation<null, string>({
        query: (id) => ({ url: pathOf(RECOURSE_URL.sandboxWithdraw, { id }), method: 'POST' }),
        invalidatesTags: ['SandboxRecourse'],
      }),
      pendingQrs: build.query<SandboxQr[], void>({
        query: () => ({ url: VERIFICATION_URL.sandboxQrList, silent: true }),
        onQueryStarted: noticeUnlessOff,
      }),
      sandboxQr: build.query<SandboxQr, string>({
        query: (qrId) => ({ url: pathOf(VERIFICATION_URL.sandboxQr, { qrId }), silent: true }),
      }),
      /** What the licence app does when its holder confirms or refuses; answers the QR's new state. */
      decideSandboxQr: build.mutation<SandboxQr, SandboxDecision>({
        query: ({ qrId, decision }) => ({
          url: pathOf(
            decision === 'confirm' ? VERIFICATION_URL.sandboxQrConfirm : VERIFICATION_URL.sandboxQrRefuse,
            { qrId },
          ),
          method: 'POST',
        }),
      }),
    }),
  });

export const {
  useSandboxSmsQuery,
  useSandboxStatementQuery,
  useSandboxSettlementQuery,
  useSandboxDepositMutation,
  useSandboxInstitutionApplicationsQuery,
  useAnswerInstitutionApplicationMutation,
  useSandboxInstitutionPledgesQuery,
  useAskPledgeReleaseMutation,
  useSandboxRecourseStandingQuery,
  useSandboxRecourseNoticesQuery,
  useSandboxNotifyRecourseMutation,
  useSandboxAnswerRecourseMutation,
  useSandboxWithdrawRecourseMutation,
  usePendingQrsQuery,
  useSandboxQrQuery,
  useDecideSandboxQrMutation,
} = sandboxApi;
