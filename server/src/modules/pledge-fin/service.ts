/**
 * Pledge financing (docs/domain.md, pledge financing): what the demo seed may use. Products and credit lines
 * are the institutions' own data; the demo registers them for its simulated institutions.
 */
export { registerCreditLine, registerProduct, type ProductRegistration } from './products';
export {
  answerApproval,
  cancelFinancing,
  saveDraft,
  submitFinancing,
  type PledgeFinContext,
} from './commands';
/** The day-end's step cancelling what waits on a matured bill. */
export { cancelMaturedFinancingsStep } from './day-end';
