/** The sandbox institutions (adapters/institution/sandbox.ts): the applications they are to answer. */
export interface InstitutionSandboxTables {
  sandbox_institution_applications: SandboxInstitutionApplicationTable;
}

/**
 * One application handed to a sandbox institution, and the task of answering it: left `running` with its
 * lease ending when the answer is due (null: only a developer answers), so the task queue claims it then.
 */
export interface SandboxInstitutionApplicationTable {
  /** The platform's application id. */
  id: string;
  act: string;
  institution_org_id: string;
  /** The InstitutionApplication, JSON. */
  body: string;
  /** pending | running | done | failed (task-queue.ts) */
  status: string;
  attempts: number;
  lease_expires_at: number | null;
  /** sign | refuse, chosen by a developer; null: the policy decides when the task runs. */
  decision: string | null;
  reason: string | null;
  remark: string | null;
  /** sign | refuse | withdrawn: what was delivered, once done. */
  outcome: string | null;
  created_at: number;
  started_at: number | null;
  answered_at: number | null;
}
