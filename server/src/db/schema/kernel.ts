import type { Generated } from 'kysely';

/** What the server kernel (server/src/lib) keeps for every module: rate limits and idempotent answers. */
export interface KernelTables {
  rate_counters: RateCounterTable;
  idempotent_requests: IdempotentRequestTable;
}

/** Fixed-window counters for rate limits that must hold across restarts and nodes. */
export interface RateCounterTable {
  key: string;
  window_start: number;
  count: Generated<number>;
}

/** The committed answer of one command, by its caller and the client's Idempotency-Key. */
export interface IdempotentRequestTable {
  user_id: string;
  idempotency_key: string;
  /** SHA-256 of method, route, organisation, path, query and body: the same key with another request is refused. */
  request_hash: string;
  status_code: number;
  /** The answer's body as JSON. */
  response_body: string;
  created_at: number;
}
