/** What other modules may use of the ledger: its commands (the demo seed acts through them), its lists' exports. */
export {
  endorse,
  issueBill,
  refuseApplication,
  requestReceipt,
  revokeBill,
  signApplication,
  withdrawApplication,
  type CommandScope,
} from './commands';
export { billListBatches, billListCount, billListSheet, type BillListName } from './list-export';
export { addMonths } from './rules';
