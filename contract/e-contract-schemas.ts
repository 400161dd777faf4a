import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import {
  BATCH_SIGN_MAX,
  CONTRACT_BIZ_TYPE,
  CONTRACT_STATUS,
  SEAL_TEMPLATE,
  SIGN_ITEM_STATUS,
  SIGN_RECORD_STATUS,
} from './e-contract';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';
import { PREREQUISITE } from './organization';

/**
 * The wire shapes of e-contract.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const IsoTime = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([IsoTime, Type.Null()]);
const ContractStatusSchema = literalUnion(Object.values(CONTRACT_STATUS));

export const EsignAccountState = Type.Object({
  open: Type.Boolean(),
  /**
   * The account can be opened: its opening is electronic signing's (企业开通功能 电子合同签署), which needs what
   * any function needs; `missing` names what is left.
   */
  canOpen: Type.Boolean(),
  missing: Type.Array(literalUnion(Object.values(PREREQUISITE))),
  openedAt: NullableTime,
});
export type EsignAccountState = Static<typeof EsignAccountState>;

export const Seal = Type.Object({
  id: Type.String(),
  template: literalUnion(Object.values(SEAL_TEMPLATE)),
  sizeMm: Type.Number(),
  name: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  isDefault: Type.Boolean(),
  /** The seal as an SVG document. */
  svg: Type.String(),
});
export type Seal = Static<typeof Seal>;

export const ContractParty = Type.Object({
  role: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
});
export type ContractParty = Static<typeof ContractParty>;

export const Contract = Type.Object({
  id: Type.String(),
  contractNo: Type.String(),
  title: Type.String(),
  status: ContractStatusSchema,
  parties: Type.Array(ContractParty),
  bizType: literalUnion(Object.values(CONTRACT_BIZ_TYPE)),
  bizId: Type.String(),
  /** Yuan, a decimal string. */
  amount: Type.String(),
  expiresAt: IsoTime,
  /** When the organisation signed it. */
  signedAt: NullableTime,
  createdAt: IsoTime,
  /**
   * When the other party signed it through its own e-sign account (a financing's institution); null while
   * it has not, or for a contract only the organisation signs.
   */
  counterSignedAt: NullableTime,
  /** Why the other party's signature failed, while it has not been made; null otherwise. */
  counterError: Type.Union([Type.String(), Type.Null()]),
});
export type Contract = Static<typeof Contract>;

export const ContractListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(ContractStatusSchema),
});
export type ContractListQuery = Static<typeof ContractListQuery>;

export const BatchSignRequest = Type.Object({
  contractIds: Type.Array(Id, { minItems: 1, maxItems: BATCH_SIGN_MAX, uniqueItems: true }),
  /** The seal to use; the default seal when absent. */
  sealId: Type.Optional(Id),
});
export type BatchSignRequest = Static<typeof BatchSignRequest>;

export const SignRecordItem = Type.Object({
  contractId: Type.String(),
  contractNo: Type.String(),
  title: Type.String(),
  status: literalUnion(Object.values(SIGN_ITEM_STATUS)),
  message: Type.Union([Type.String(), Type.Null()]),
});
export type SignRecordItem = Static<typeof SignRecordItem>;

export const SignRecord = Type.Object({
  recordId: Type.String(),
  status: literalUnion(Object.values(SIGN_RECORD_STATUS)),
  total: Type.Number(),
  signed: Type.Number(),
  failed: Type.Number(),
  createdAt: IsoTime,
  finishedAt: NullableTime,
  items: Type.Array(SignRecordItem),
});
export type SignRecord = Static<typeof SignRecord>;

export const SignStatus = Type.Object({
  contractId: Type.String(),
  status: ContractStatusSchema,
  signedAt: NullableTime,
});
export type SignStatus = Static<typeof SignStatus>;

export const SignInfo = Type.Object({
  open: Type.Boolean(),
  /** How a batch signing is verified: QR with the bound electronic licence, SMS without one. */
  verification: literalUnion(['qr', 'sms'] as const),
  defaultSealId: Type.Union([Type.String(), Type.Null()]),
  sealCount: Type.Number(),
  /** Contracts waiting for the organisation's signature. */
  pending: Type.Number(),
  signed: Type.Number(),
});
export type SignInfo = Static<typeof SignInfo>;

export const ContractIdQuery = Type.Object({ contractId: Id });
export type ContractIdQuery = Static<typeof ContractIdQuery>;
export const RecordIdQuery = Type.Object({ recordId: Id });
export type RecordIdQuery = Static<typeof RecordIdQuery>;
export const ContractIdParams = Type.Object({ id: Id });

export const SandboxContractRequest = Type.Object({
  /** The organisation the contract is drafted for. */
  orgId: Id,
  /** Yuan. */
  amount: Type.Optional(Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$' })),
});
export type SandboxContractRequest = Static<typeof SandboxContractRequest>;
