/** What other modules (and the demo seed) may use of the organisation's agreements. */
export { signAgreement } from './commands';
export { agreementOfFunction, lockOrgFunctions, signedAgreementCodes } from './queries';
