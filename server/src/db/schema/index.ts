/**
 * Tables as Kysely sees them, one file per domain, merged into one `Database`. Dialect-neutral on purpose
 * (SQLite and PostgreSQL): booleans are integers 0/1, times are epoch milliseconds, ids are text UUIDs,
 * money is integer fen. A new domain adds its file here: one `extends` and one `export type *`.
 */
import type { AccountTables } from './account';
import type { AuthTables } from './auth';
import type { CaptchaTables } from './captcha';
import type { KernelTables } from './kernel';
import type { VerificationTables } from './verification';
import type { SettingsTables } from './settings';
import type { NoticeTables } from './notice';
import type { BillTables } from './bill';
import type { ExportTables } from './export';
import type { ChannelTables } from './channel';
import type { InvitationTables } from './invitation';
import type { BankAccountTables } from './bank-account';
import type { FileStoreTables } from './file-store';
import type { OrganizationTables } from './organization';
import type { ApplyRecordTables } from './apply-record';
import type { BillLedgerTables } from './bills';
import type { EContractTables } from './e-contract';
import type { HolidayTables } from './holiday';
import type { InstitutionTables } from './institution';
import type { SettlementTables } from './settlement';
import type { InstitutionSandboxTables } from './institution-sandbox';
import type { DiscountTables } from './discount';
import type { GuaranteeTables } from './guarantee';
import type { PledgeFinTables } from './pledge-fin';
import type { DayEndTables } from './day-end';
import type { PledgeTables } from './pledge';
import type { PaymentTables } from './payment';
import type { RecourseTables } from './recourse';

export interface Database
  extends
    AccountTables,
    AuthTables,
    CaptchaTables,
    KernelTables,
    VerificationTables,
    SettingsTables,
    NoticeTables,
    BillTables,
    ExportTables,
    ChannelTables,
    InvitationTables,
    BankAccountTables,
    FileStoreTables,
    OrganizationTables,
    ApplyRecordTables,
    BillLedgerTables,
    EContractTables,
    HolidayTables,
    InstitutionTables,
    SettlementTables,
    InstitutionSandboxTables,
    DiscountTables,
    GuaranteeTables,
    PledgeFinTables,
    DayEndTables,
    PledgeTables,
    PaymentTables,
    RecourseTables {}

export type * from './account';
export type * from './auth';
export type * from './captcha';
export type * from './kernel';
export type * from './verification';
export type * from './settings';
export type * from './notice';
export type * from './bill';
export type * from './export';
export type * from './channel';
export type * from './invitation';
export type * from './bank-account';
export type * from './file-store';
export type * from './organization';
export type * from './apply-record';
export type * from './bills';
export type * from './e-contract';
export type * from './holiday';
export type * from './institution';
export type * from './settlement';
export type * from './institution-sandbox';
export type * from './discount';
export type * from './guarantee';
export type * from './pledge-fin';
export type * from './day-end';
export type * from './pledge';
export type * from './payment';
export type * from './recourse';
