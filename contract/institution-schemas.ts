import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { INSTITUTION_REFUSAL_REASONS, SANDBOX_APPLICATION_STATE, SANDBOX_REMARK_MAX } from './institution';

/**
 * The wire shapes of institution.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type that the SPA imports with `import type`.
 */

/** One financial institution, as the forms offer it. */
export const Institution = Type.Object({
  orgId: Type.String(),
  /** Its name on the platform, e.g. 浦发银行（模拟） in the demo. */
  name: Type.String(),
  creditCode: Type.String(),
  /** The head office's 12-digit CNAPS number (联行号), e.g. 310290000013. */
  bankNo: Type.String(),
  /** The bank as the branch directory names it, e.g. 上海浦东发展银行. */
  bankName: Type.String(),
});
export type Institution = Static<typeof Institution>;

/** One application handed to a sandbox institution, as the sandbox page lists it. */
export const SandboxInstitutionApplication = Type.Object({
  id: Type.String(),
  /** discount | pledge */
  act: Type.String(),
  institutionName: Type.String(),
  applicantName: Type.String(),
  billNo: Type.String(),
  acceptorName: Type.String(),
  /** Yuan, two decimals: the bill part offered. */
  amount: Type.String(),
  maturityDate: Type.String(),
  /** Per cent a year, 4 decimals; null for an act without a rate. */
  annualRate: Type.Union([Type.String(), Type.Null()]),
  /** SM00 | SM01 */
  clearing: Type.String(),
  createdAt: Type.String(),
  /** When the policy answers it (ISO); null when only a developer does. */
  dueAt: Type.Union([Type.String(), Type.Null()]),
  state: literalUnion(Object.values(SANDBOX_APPLICATION_STATE)),
  /** The refusal's words, once refused. */
  remark: Type.Union([Type.String(), Type.Null()]),
  /** What the written policy answers today: 签收 at its rate, or the refusal's words. */
  policy: Type.Object({
    decision: literalUnion(['sign', 'refuse'] as const),
    annualRate: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([literalUnion(INSTITUTION_REFUSAL_REASONS), Type.Null()]),
    remark: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type SandboxInstitutionApplication = Static<typeof SandboxInstitutionApplication>;

/** `POST /api/sandbox/institution/applications/:id/answer` */
export const SandboxInstitutionAnswer = Type.Object({
  decision: literalUnion(['sign', 'refuse'] as const),
  reason: Type.Optional(literalUnion(INSTITUTION_REFUSAL_REASONS)),
  remark: Type.Optional(Type.String({ maxLength: SANDBOX_REMARK_MAX })),
});
export type SandboxInstitutionAnswer = Static<typeof SandboxInstitutionAnswer>;
