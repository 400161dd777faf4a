import type { FastifyInstance } from 'fastify';
import { providerCodeOf } from '../../adapters/e-sign/gateway';
import { ExpiryTimer } from './expiry-timer';
import { announceContract, endSilentCountersigns, expireOverdueContracts } from './service';
import { createSignWorker } from './sign-worker';

declare module 'fastify' {
  interface FastifyInstance {
    contractSignWorker: ReturnType<typeof createSignWorker>;
    /** Ends the contracts whose signing window has passed; tests call `sweep()` with their clock. */
    contractExpiry: ExpiryTimer;
    /** Ends the other party's flows left unanswered (COUNTERSIGN_ANSWER_MS); tests call `sweep()`. */
    silentCountersigns: ExpiryTimer;
  }
}

/** The batch-signing worker of this node, started with the app and stopped before it closes. */
export function setupContractSigning(app: FastifyInstance): void {
  const worker = createSignWorker({
    db: app.db,
    esign: app.adapters.esign,
    now: app.now,
    log: app.log,
    leaseMs: app.config.taskLeaseSeconds * 1000,
    pollMs: app.config.taskPollSeconds * 1000,
  });
  app.decorate('contractSignWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());

  const expiry = new ExpiryTimer(
    () =>
      expireOverdueContracts({
        db: app.db,
        now: app.now(),
        revoke: (flowId) => app.adapters.esign.revoke(flowId),
        announce: (trx, row) => announceContract(app, trx, row),
        onRevokeFailed: (contractId, error) =>
          app.log.warn({ err: error, contractId }, 'contract expiry: the provider did not revoke the flow'),
      }),
    app.log,
  );
  app.decorate('contractExpiry', expiry);
  app.addHook('onReady', async () => expiry.start());
  app.addHook('preClose', async () => expiry.stop());

  const silent = new ExpiryTimer(
    () =>
      endSilentCountersigns({
        db: app.db,
        files: app.adapters.files,
        esign: app.adapters.esign,
        now: app.now(),
        announce: (trx, row) => announceContract(app, trx, row),
        onFault: (contractId, error) =>
          app.log.warn({ err: error, contractId }, 'countersign sweep: the flow stays for the next sweep'),
        onProviderFault: (contract, call, error) =>
          app.log.warn(
            {
              err: error,
              contractId: contract.id,
              bizType: contract.biz_type,
              bizId: contract.biz_id,
              flowId: contract.counter_flow_id,
              providerCall: call,
              providerCode: providerCodeOf(error),
            },
            call === 'flowEnd'
              ? 'countersign sweep: the provider did not say where the flow stands; the signature is recorded as failed'
              : 'countersign sweep: the provider did not withdraw the flow recorded as failed',
          ),
      }),
    app.log,
    'countersign sweep failed',
  );
  app.decorate('silentCountersigns', silent);
  app.addHook('onReady', async () => silent.start());
  app.addHook('preClose', async () => silent.stop());
}
