import type { Migration } from 'kysely';
import * as foundation from './001-foundation';
import * as verification from './002-verification';
import * as shell from './003-shell';
import * as housekeeping from './004-housekeeping';
import * as idempotency from './005-idempotency';
import * as housekeepingRecords from './006-housekeeping-records';
import * as byteOrderKeys from './007-byte-order-keys';
import * as fileStore from './008-file-store';
import * as bankAccounts from './009-bank-accounts';
import * as bills from './010-bills';
import * as applyRecords from './011-apply-records';
import * as organizationStaff from './012-organization-staff';
import * as eContracts from './013-e-contracts';
import * as ledgerNoticesAndCounts from './015-ledger-notices-and-counts';
import * as heldListOrder from './016-held-list-order';
import * as providerCheckedAmounts from './017-provider-checked-amounts';
import * as captchaClientAddress from './018-captcha-client-address';
import * as invitationRoles from './019-invitation-roles';
import * as holidayCalendar from './020-holiday-calendar';
import * as institutions from './021-institutions';
import * as sandboxSettlement from './022-sandbox-settlement';
import * as institutionSandbox from './023-institution-sandbox';
import * as functionOpenings from './024-function-openings';
import * as discountQuotes from './025-discount-quotes';
import * as dropBills from './026-drop-bills';
import * as ledgerActs from './027-ledger-acts';
import * as discounts from './028-discounts';
import * as guarantees from './029-guarantees';
import * as pledgeFinancing from './030-pledge-financing';
import * as dayEnd from './031-day-end';
import * as pledges from './032-pledges';
import * as freezes from './033-freezes';
import * as maturityReminders from './034-maturity-reminders';
import * as payments from './035-payments';
import * as payableDays from './036-payable-days';
import * as billLocks from './037-bill-locks';
import * as pledgeFinLending from './038-pledge-fin-lending';
import * as pledgeFinPayments from './039-pledge-fin-payments';
import * as recourse from './040-recourse';
import * as packagesByAcceptor from './041-packages-by-acceptor';
import * as institutionApplicants from './042-institution-applicants';
import * as proceedsRepayments from './043-proceeds-repayments';
import * as pledgeFinPartPayments from './044-pledge-fin-part-payments';
import * as pledgePaid from './045-pledge-paid';
import * as institutionPursuers from './046-institution-pursuers';
import * as pledgeFinRests from './047-pledge-fin-rests';
import * as contractCountersign from './048-contract-countersign';
import * as pledgesByPackage from './049-pledges-by-package';
import * as pledgeFinBillsByPackage from './050-pledge-fin-bills-by-package';
import * as recourseClaimBasis from './051-recourse-claim-basis';
import * as noticeCounts from './052-notice-counts';
import * as noticeOrder from './053-notice-order';
import * as pledgeInForce from './054-pledge-in-force';
import * as heldVersion from './055-held-version';
import * as noticeVersion from './056-notice-version';
import * as holdingDueDate from './057-holding-due-date';

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-verification': verification,
  '003-shell': shell,
  '004-housekeeping': housekeeping,
  '005-idempotency': idempotency,
  '006-housekeeping-records': housekeepingRecords,
  '007-byte-order-keys': byteOrderKeys,
  '008-file-store': fileStore,
  '009-bank-accounts': bankAccounts,
  '010-bills': bills,
  '011-apply-records': applyRecords,
  '012-organization-staff': organizationStaff,
  '013-e-contracts': eContracts,
  '015-ledger-notices-and-counts': ledgerNoticesAndCounts,
  '016-held-list-order': heldListOrder,
  '017-provider-checked-amounts': providerCheckedAmounts,
  '018-captcha-client-address': captchaClientAddress,
  '019-invitation-roles': invitationRoles,
  '020-holiday-calendar': holidayCalendar,
  '021-institutions': institutions,
  '022-sandbox-settlement': sandboxSettlement,
  '023-institution-sandbox': institutionSandbox,
  '024-function-openings': functionOpenings,
  '025-discount-quotes': discountQuotes,
  '026-drop-bills': dropBills,
  '027-ledger-acts': ledgerActs,
  '028-discounts': discounts,
  '029-guarantees': guarantees,
  '030-pledge-financing': pledgeFinancing,
  '031-day-end': dayEnd,
  '032-pledges': pledges,
  '033-freezes': freezes,
  '034-maturity-reminders': maturityReminders,
  '035-payments': payments,
  '036-payable-days': payableDays,
  '037-bill-locks': billLocks,
  '038-pledge-fin-lending': pledgeFinLending,
  '039-pledge-fin-payments': pledgeFinPayments,
  '040-recourse': recourse,
  '041-packages-by-acceptor': packagesByAcceptor,
  '042-institution-applicants': institutionApplicants,
  '043-proceeds-repayments': proceedsRepayments,
  '044-pledge-fin-part-payments': pledgeFinPartPayments,
  '045-pledge-paid': pledgePaid,
  '046-institution-pursuers': institutionPursuers,
  '047-pledge-fin-rests': pledgeFinRests,
  '048-contract-countersign': contractCountersign,
  '049-pledges-by-package': pledgesByPackage,
  '050-pledge-fin-bills-by-package': pledgeFinBillsByPackage,
  '051-recourse-claim-basis': recourseClaimBasis,
  '052-notice-counts': noticeCounts,
  '053-notice-order': noticeOrder,
  '054-pledge-in-force': pledgeInForce,
  '055-held-version': heldVersion,
  '056-notice-version': noticeVersion,
  '057-holding-due-date': holdingDueDate,
};
