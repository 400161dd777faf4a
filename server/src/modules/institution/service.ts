/**
 * Financial institutions (docs/domain.md, financial institutions): what other modules may use. An
 * institution is an organisation of the institution kind with no staff; its side of every act runs through
 * the institution adapter (app.adapters.institution).
 */
export {
  institutionByBankNo,
  institutionList,
  institutionOf,
  institutionView,
  registerInstitution,
  type InstitutionRecord,
  type InstitutionRegistration,
} from './registry';
