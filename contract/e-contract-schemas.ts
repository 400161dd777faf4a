import { Type, type Static } from 'typebox';
import { literalUnion, type Assert, type Same } from './common-schemas';
import {
  BATCH_SIGN_MAX,
  CONTRACT_BIZ_TYPE,
  CONTRACT_STATUS,
  SEAL_TEMPLATE,
  SIGN_ITEM_STATUS,
  SIGN_RECORD_STATUS,
  type BatchSignRequest as BatchSignRequestShape,
  type Contract as ContractShape,
  type ContractIdQuery as ContractIdQueryShape,
  type ContractListQuery as ContractListQueryShape,
  type EsignAccountState as EsignAccountStateShape,
  type RecordIdQuery as RecordIdQueryShape,
  type SandboxContractRequest as SandboxContractRequestShape,
  type Seal as SealShape,
  type SignInfo as SignInfoShape,
  type SignRecord as SignRecordShape,
  type SignStatus as SignStatusShape,
} from './e-contract';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';

/** TypeBox schemas of the shapes in contract/e-contract.ts, for the server's routes. */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const IsoTime = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([IsoTime, Type.Null()]);
const ContractStatusSchema = literalUnion(Object.values(CONTRACT_STATUS));

export const EsignAccountState = Type.Object({
  open: Type.Boolean(),
  canOpen: Type.Boolean(),
  openedAt: NullableTime,
});
export type _CheckAccount = Assert<Same<Static<typeof EsignAccountState>, EsignAccountStateShape>>;

export const Seal = Type.Object({
  id: Type.String(),
  template: literalUnion(Object.values(SEAL_TEMPLATE)),
  sizeMm: Type.Number(),
  name: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  isDefault: Type.Boolean(),
  svg: Type.String(),
});
export type _CheckSeal = Assert<Same<Static<typeof Seal>, SealShape>>;

export const Contract = Type.Object({
  id: Type.String(),
  contractNo: Type.String(),
  title: Type.String(),
  status: ContractStatusSchema,
  parties: Type.Array(Type.Object({ role: Type.String(), name: Type.String(), creditCode: Type.String() })),
  bizType: literalUnion(Object.values(CONTRACT_BIZ_TYPE)),
  bizId: Type.String(),
  amount: Type.String(),
  expiresAt: IsoTime,
  signedAt: NullableTime,
  createdAt: IsoTime,
});
export type _CheckContract = Assert<Same<Static<typeof Contract>, ContractShape>>;

export const ContractListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(ContractStatusSchema),
});
export type _CheckListQuery = Assert<Same<Static<typeof ContractListQuery>, ContractListQueryShape>>;

export const BatchSignRequest = Type.Object({
  contractIds: Type.Array(Id, { minItems: 1, maxItems: BATCH_SIGN_MAX, uniqueItems: true }),
  sealId: Type.Optional(Id),
});
export type _CheckBatch = Assert<Same<Static<typeof BatchSignRequest>, BatchSignRequestShape>>;

export const SignRecord = Type.Object({
  recordId: Type.String(),
  status: literalUnion(Object.values(SIGN_RECORD_STATUS)),
  total: Type.Number(),
  signed: Type.Number(),
  failed: Type.Number(),
  createdAt: IsoTime,
  finishedAt: NullableTime,
  items: Type.Array(
    Type.Object({
      contractId: Type.String(),
      contractNo: Type.String(),
      title: Type.String(),
      status: literalUnion(Object.values(SIGN_ITEM_STATUS)),
      message: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type _CheckRecord = Assert<Same<Static<typeof SignRecord>, SignRecordShape>>;

export const SignStatus = Type.Object({
  contractId: Type.String(),
  status: ContractStatusSchema,
  signedAt: NullableTime,
});
export type _CheckStatus = Assert<Same<Static<typeof SignStatus>, SignStatusShape>>;

export const SignInfo = Type.Object({
  open: Type.Boolean(),
  verification: literalUnion(['qr', 'sms'] as const),
  defaultSealId: Type.Union([Type.String(), Type.Null()]),
  sealCount: Type.Number(),
  pending: Type.Number(),
  signed: Type.Number(),
});
export type _CheckInfo = Assert<Same<Static<typeof SignInfo>, SignInfoShape>>;

export const ContractIdQuery = Type.Object({ contractId: Id });
export type _CheckContractId = Assert<Same<Static<typeof ContractIdQuery>, ContractIdQueryShape>>;
export const RecordIdQuery = Type.Object({ recordId: Id });
export type _CheckRecordId = Assert<Same<Static<typeof RecordIdQuery>, RecordIdQueryShape>>;
export const ContractIdParams = Type.Object({ id: Id });

export const SandboxContractRequest = Type.Object({
  orgId: Id,
  amount: Type.Optional(Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$' })),
});
export type _CheckSandbox = Assert<Same<Static<typeof SandboxContractRequest>, SandboxContractRequestShape>>;
