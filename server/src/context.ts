import 'fastify';
import type { BankTransferGateway } from './adapters/bank-transfer/gateway';
import type { ESignGateway } from './adapters/e-sign/gateway';
import type { FileStore } from './adapters/file-store/store';
import type { IdentityGateway } from './adapters/identity/gateway';
import type { InstitutionGateway } from './adapters/institution/gateway';
import type { LicenceGateway } from './adapters/licence/gateway';
import type { SettlementGateway } from './adapters/settlement/gateway';
import type { BillRegistryGateway } from './adapters/registry/gateway';
import type { SmsGateway } from './adapters/sms/gateway';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { AdjustableClock } from './lib/adjustable-clock';
import type { Realtime } from './lib/realtime-hub';
import type { VerificationKeys } from './lib/verification-secret';

/** The outside parties (server/src/adapters/<name>/), each created in app.ts from the configuration. */
export interface Adapters {
  sms: SmsGateway;
  licence: LicenceGateway;
  bankTransfer: BankTransferGateway;
  /** Every file the server keeps (FILE_STORE): `put`, `get` (a stream), `stat`, `delete`. */
  files: FileStore;
  /** The real-name check of a user's name and resident ID number. */
  identity: IdentityGateway;
  /** The e-sign provider: accounts, seals, sign flows; results by signed callback. */
  esign: ESignGateway;
  /** The payment system of the settlement accounts: payments between accounts, balances and statements. */
  settlement: SettlementGateway;
  /** The financial institutions' side: quotes, answers to applications, their payments. */
  institution: InstitutionGateway;
  /** The bill registry: authorities' orders that freeze and lift ranges. */
  registry: BillRegistryGateway;
}

/** What every module reads from the Fastify instance. `now` is the clock, swappable in tests. */
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    now: () => number;
    /** The clock's sandbox control (modules/day-end/routes.ts); null unless the sandbox is on. */
    sandboxClock: AdjustableClock | null;
    /** Pushes events to the signed-in tabs' WebSockets, on every node. */
    realtime: Realtime;
    adapters: Adapters;
    /** Keys derived from the verification secret (SMS code HMACs, sandbox QR signatures). */
    verificationKeys: VerificationKeys;
  }
}
