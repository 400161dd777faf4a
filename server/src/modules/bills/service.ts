/** What other modules may use of the ledger: its commands (the demo seed acts through them), its lists' exports. */
export {
  clearMaturedApplication,
  endorse,
  issueBill,
  refuseApplication,
  requestReceipt,
  revokeBill,
  signApplication,
  withdrawApplication,
  withdrawApplicationOf,
  type CommandScope,
} from './commands';
/** The ledger's mechanisms, for the acts other modules define (discount): see commands.ts. */
export {
  announce,
  announceNotices,
  apply as openApplication,
  applyWhole as openWholeApplications,
  applicationFor,
  callerHolding,
  closeApplication,
  counterparty,
  enteredRecord,
  memberId,
  recordEvent,
  holdingOf,
  isMatured,
  ledgerBatch,
  ledgerCommand,
  logOperation,
  negotiableFront,
  orgName,
  packageOf,
  packagesOf,
  rangeOf,
  type ActSummary,
  type Actor,
  type Applicant,
  type ApplicationRow,
  type CheckContext,
  type Checked,
  type CommandContext,
  type LedgerCommand,
  type WholeApplication,
} from './commands';
/** Answers to another module's record between two organisations on a bill (guarantee, recourse): two-sided.ts. */
export {
  answeringSide,
  endAnswer,
  onlyAnswer,
  type AnswerEnd,
  type Answering,
  type TwoSided,
} from './two-sided';
/** An application a financial institution answers (discount, pledge): see institution-act.ts. */
export {
  applyToInstitution,
  institutionAnswer,
  institutionFront,
  type InstitutionActKind,
  type InstitutionFront,
  type InstitutionSigning,
} from './institution-act';
export {
  holdPackages,
  isolate,
  onPackageCompanions,
  release,
  setStatus,
  transfer,
  unlock,
  type HoldingRow,
  type PackageRow,
} from './ledger';
/** Locks other modules' records keep on whole holdings (a pledge financing's bills): see locks.ts. */
export {
  BILL_LOCK_STATUS,
  breakLockOn,
  endLock,
  lockHolding,
  locksOf,
  type BillLockRow,
  type LockOwner,
} from './locks';
export { commandScope, ledgerActRoute, recordAnswer, type ActRoute } from './routes';
export {
  BILL_LISTS_READ_BY,
  billListBatches,
  billListCount,
  billListSheet,
  type BillListName,
} from './list-export';
export { addMonths } from './rules';
export { clearMaturedApplicationsStep } from './day-end';
export { maturityRemindersStep, MATURITY_REMINDER_DAYS, reminderDue } from './reminders';
