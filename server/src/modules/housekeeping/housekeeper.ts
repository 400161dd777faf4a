import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import { purgeIdempotentRequests } from '../../lib/idempotency';
import { purgeExpiredCaptchaState } from '../captcha/service';
import { purgeExpiredChallenges } from '../verification/service';
import { deleteInBatches } from './batches';
import { ABANDONED_FILE_WRITE_MS, HOUSEKEEPING_BATCH, HOUSEKEEPING_INTERVAL_MS } from './constants';
import { purgeOldExports } from './exports';
import {
  purgeEndedInvitations,
  purgeOldSmsOutbox,
  purgeSettledLoginAttempts,
  purgeStaleRateCounters,
} from './records';
import { purgeEndedSessions, purgeExpiredAccessTokens, purgeExpiredCrTokens } from './tokens';

export interface HousekeeperDeps {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  files: FileStore;
}

/** Rows (or files) each purge deleted in one sweep; -1 when that purge failed (it is logged). */
export type SweepReport = Record<string, number>;

/**
 * Deletes what has outlived its use on a timer: expired tokens and sign-ins, spent entry-link tokens, captcha
 * and verification leftovers, old exports with their files, what writes to the file store cut short by a
 * crash left behind, stale rate counters and sign-in failures, the
 * sandbox SMS outbox, long-expired invitations, and replayable answers past their retention. The timer does
 * not keep the process alive.
 */
export class Housekeeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepReport> | null = null;

  constructor(private readonly deps: HousekeeperDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), HOUSEKEEPING_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep under way, so the database can close after. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }

  /** One sweep now; a sweep already under way is joined rather than run twice. */
  sweep(): Promise<SweepReport> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweepOnce(): Promise<SweepReport> {
    const { db, files } = this.deps;
    const now = this.deps.now();
    const steps: Record<string, () => Promise<number | void>> = {
      accessTokens: () => purgeExpiredAccessTokens(db, now),
      sessions: () => purgeEndedSessions(db, now),
      crTokens: () => purgeExpiredCrTokens(db, now),
      captcha: () => purgeExpiredCaptchaState(db, now),
      verification: () => purgeExpiredChallenges(db, now),
      exports: () => purgeOldExports(db, files, now),
      abandonedFileWrites: () => files.purgeAbandonedWrites(now - ABANDONED_FILE_WRITE_MS),
      rateCounters: () => purgeStaleRateCounters(db, now),
      loginAttempts: () => purgeSettledLoginAttempts(db, now),
      smsOutbox: () => purgeOldSmsOutbox(db, now),
      invitations: () => purgeEndedInvitations(db, now),
      idempotentRequests: () =>
        deleteInBatches(HOUSEKEEPING_BATCH, () => purgeIdempotentRequests(db, now, HOUSEKEEPING_BATCH)),
    };
    const report: SweepReport = {};
    for (const [name, step] of Object.entries(steps)) {
      try {
        report[name] = (await step()) ?? 0;
      } catch (error) {
        this.deps.log.error({ err: error, step: name }, 'housekeeping step failed');
        report[name] = -1;
      }
    }
    this.deps.log.debug({ report }, 'housekeeping sweep');
    return report;
  }
}
