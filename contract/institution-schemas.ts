import { Type, type Static } from 'typebox';

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
