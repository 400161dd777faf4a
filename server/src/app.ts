import { ECONTRACT_URL } from '@contract/e-contract';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import pino from 'pino';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { UnavailableBankTransferGateway } from './adapters/bank-transfer/gateway';
import { EsignBankTransferGateway } from './adapters/bank-transfer/esign';
import { SandboxBankTransferGateway } from './adapters/bank-transfer/sandbox';
import { EsignESignGateway } from './adapters/e-sign/esign';
import { UnavailableESignGateway, type ProviderFiles } from './adapters/e-sign/gateway';
import { SandboxESignGateway } from './adapters/e-sign/sandbox';
import { DatabaseFileStore } from './adapters/file-store/database';
import { LocalFileStore } from './adapters/file-store/local';
import type { FileStore } from './adapters/file-store/store';
import { EsignIdentityGateway } from './adapters/identity/esign';
import { UnavailableIdentityGateway } from './adapters/identity/gateway';
import { SandboxIdentityGateway } from './adapters/identity/sandbox';
import { UnavailableInstitutionGateway } from './adapters/institution/gateway';
import { SandboxInstitutionGateway } from './adapters/institution/sandbox';
import { UnavailableSettlementGateway } from './adapters/settlement/gateway';
import { SandboxSettlementGateway } from './adapters/settlement/sandbox';
import { UnavailableBillRegistryGateway } from './adapters/registry/gateway';
import { SandboxBillRegistryGateway } from './adapters/registry/sandbox';
import { UnavailableLicenceGateway } from './adapters/licence/gateway';
import { SandboxLicenceGateway } from './adapters/licence/sandbox';
import { AliyunSmsGateway } from './adapters/sms/aliyun';
import { UnavailableSmsGateway } from './adapters/sms/gateway';
import { SandboxSmsGateway } from './adapters/sms/sandbox';
import type { AppConfig } from './config';
import type { Adapters } from './context';
import { EsignOpenApi } from './lib/esign-open-api';
import { createDatabase, migrate, type Db } from './db/database';
import { ensureBankDirectory } from './db/bank-directory';
import { ensurePermissionCatalogue } from './db/seed';
import { accountRoutes } from './modules/account/routes';
import { setupAgreementContracts } from './modules/agreement/contracts';
import { agreementRoutes } from './modules/agreement/routes';
import { bankAccountRoutes, bankSandboxRoutes } from './modules/bank-account/routes';
import { applyRecordRoutes } from './modules/apply-record/routes';
import { elecLicenceRoutes } from './modules/elec-licence/routes';
import { billRoutes } from './modules/bills/routes';
import { institutionRoutes } from './modules/institution/routes';
import { institutionSandboxRoutes } from './modules/institution/sandbox-routes';
import { settlementRoutes, settlementSandboxRoutes } from './modules/settlement/routes';
import { seedDemo } from './db/demo';
import { eContractCallbackRoutes } from './modules/e-contract/callback-routes';
import { eContractRoutes } from './modules/e-contract/routes';
import { eContractSandboxRoutes } from './modules/e-contract/sandbox-routes';
import { setupContractSigning } from './modules/e-contract/signing';
import { oauthRoutes, registrationRoutes } from './modules/auth/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { channelRoutes } from './modules/channel/routes';
import { entryLinkSandboxRoutes } from './modules/entry-link/routes';
import { exportRoutes } from './modules/export/routes';
import { healthRoutes } from './modules/health/routes';
import { holidayRoutes } from './modules/holiday/routes';
import { discountRoutes } from './modules/discount/routes';
import { guaranteeRoutes } from './modules/guarantee/routes';
import { freezeRoutes } from './modules/freeze/routes';
import { freezeSandboxRoutes } from './modules/freeze/sandbox-routes';
import { pledgeFinRoutes } from './modules/pledge-fin/routes';
import { pledgeRoutes } from './modules/pledge/routes';
import { pledgeSandboxRoutes } from './modules/pledge/sandbox-routes';
import { paymentRoutes } from './modules/payment/routes';
import { recourseRoutes } from './modules/recourse/routes';
import { recourseSandboxRoutes } from './modules/recourse/sandbox-routes';
import { identityRoutes, partnerRegistrationRoutes } from './modules/identity/routes';
import { setupHousekeeping } from './modules/housekeeping/setup';
import { dayEndSandboxRoutes } from './modules/day-end/routes';
import { setupDayEnd, startDayEnd } from './modules/day-end/setup';
import type { DayEndStep } from './modules/day-end/service';
import { AdjustableClock } from './lib/adjustable-clock';
import { invitationRoutes } from './modules/invitation/routes';
import { nonPaymentSandboxRoutes } from './modules/non-payment/routes';
import { noticeRoutes, noticeSandboxRoutes } from './modules/notice/routes';
import { operationRoutes } from './modules/operation/routes';
import { orgChannelRoutes } from './modules/org-channel/routes';
import { organizationRoutes } from './modules/organization/routes';
import { orgFunctionRoutes } from './modules/org-function/routes';
import { orgAuthRoutes } from './modules/org-auth/routes';
import { bankTransferAuthRoutes } from './modules/org-auth/transfer-routes';
import { passwordRoutes } from './modules/password/routes';
import { qrVerificationRoutes } from './modules/qr-verification/routes';
import { setupIdempotency } from './lib/idempotency';
import { InProcessBus, Realtime, RealtimeHub, type RealtimeBus } from './lib/realtime-hub';
import { PostgresBus } from './lib/realtime-postgres';
import { UNCOUNTED, type ProviderCallObserver } from './lib/provider-http';
import { loadVerificationKeys, type VerificationKeys } from './lib/verification-secret';
import { setupRealtimeSocket } from './modules/realtime/routes';
import { sandboxRoutes } from './modules/sandbox/routes';
import { smsRoutes } from './modules/sms/routes';
import { staffRoutes } from './modules/staff/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { systemStatusRoutes, systemStatusSandboxRoutes } from './modules/system-status/routes';
import { setupVerification } from './modules/verification/guard';
import { setupAuthentication } from './plugins/authenticate';
import { setupCompression } from './plugins/compression';
import { answerUnroutable, setupErrorHandling } from './plugins/error-handler';
import { lazySchemaController } from './plugins/lazy-schemas';
import { setupPasswordKey, startLoadingPasswordKey } from './plugins/password-key';
import { OneLinePerRequest, requestFields } from './plugins/request-log';
import { registerSandbox, setupSandboxGate } from './plugins/sandbox-gate';
import { setupSecurityHeaders } from './plugins/security-headers';
import { setupDocsRoutes } from './plugins/docs-page';
import { createMetricsKit, instrumentAdapters, providerCallMetrics, setupMetrics } from './plugins/metrics';
import { setupOpenApi } from './plugins/openapi';
import { setupBodyRules } from './plugins/body-rules';
import { setupWebRoot } from './plugins/web-root';

export interface BuildOptions {
  /** The clock (epoch ms); tests pass a controllable one. */
  now?: () => number;
  /** Where log lines go instead of stdout (tests read the security events from it). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (tests list the routes to fuzz with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The day-end's steps instead of DAY_END_STEPS (tests of the run itself). */
  dayEndSteps?: readonly DayEndStep[];
}

/** 64 KB: every body of this API is a small form or JSON document. */
export const BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_ID_HEADER = 'request-id';
/** The SPA's Request-Id is a UUID; anything else from outside is replaced rather than logged. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Never written to logs, wherever they appear in a logged object. */
const SECRET_FIELDS = ['password', 'refresh_token', 'access_token', 'captchaVerification', 'crToken'];
/** Every line but the request line, which holds nothing these could match (plugins/request-log.ts). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["verify-code"]',
  // The WebSocket's access token travels as a subprotocol; the QR proof as a header.
  'req.headers["sec-websocket-protocol"]',
  'req.headers.signature',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  // `code` is an SMS code only in bodies; elsewhere (err.code, errorCode) it is useful and stays.
  'code',
  'body.code',
  'req.body.code',
];

function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

async function openDatabase(config: AppConfig, now: () => number): Promise<Db> {
  const db = await createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    inMemory: config.inMemoryDb,
  });
  try {
    await migrate(db);
    await ensurePermissionCatalogue(db);
    await ensureBankDirectory(db, now());
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * Every outside party, created here and nowhere else: the sandbox when the configuration says so, otherwise
 * the configured real provider (Aliyun for SMS, e签宝 for identity, transfers and e-signing), or an
 * unavailable one that refuses rather than pretends. A new one is a folder adapters/<name>/ holding gateway.ts
 * (its interface), sandbox.ts and a file per real provider, a field of `Adapters` in context.ts and a line here.
 */
function createAdapters(
  config: AppConfig,
  db: Db,
  now: () => number,
  keys: VerificationKeys,
  log: FastifyBaseLogger,
  providerCalls: ProviderCallObserver,
): Adapters {
  const files = createFileStore(config, db, now);
  const providerFiles: ProviderFiles = {
    read: async (key) => {
      const stored = await files.get(key);
      return stored ? buffer(stored.stream) : null;
    },
    write: async (key, bytes) => void (await files.put(key, bytes)),
  };
  if (config.sandbox) {
    const settlement = new SandboxSettlementGateway(now);
    return {
      sms: new SandboxSmsGateway(db, now),
      licence: new SandboxLicenceGateway(keys.qrSignature),
      bankTransfer: new SandboxBankTransferGateway(
        now,
        config.bankTransferArrivalDelaySeconds * 1000,
        config.platformName,
      ),
      identity: new SandboxIdentityGateway(),
      settlement,
      institution: new SandboxInstitutionGateway(
        {
          db,
          now,
          pay: (order, within) => settlement.pay(order, within),
          answerDelayMs:
            config.institutionAnswerDelaySeconds === null
              ? null
              : config.institutionAnswerDelaySeconds * 1000,
          leaseMs: config.taskLeaseSeconds * 1000,
          pollMs: config.taskPollSeconds * 1000,
        },
        log,
      ),
      registry: new SandboxBillRegistryGateway(),
      files,
      esign: new SandboxESignGateway(
        {
          db,
          files: providerFiles,
          now,
          platformName: config.platformName,
          callbackSecret: keys.esignCallback,
          leaseMs: config.taskLeaseSeconds * 1000,
          pollMs: config.taskPollSeconds * 1000,
        },
        log,
      ),
    };
  }
  // e签宝 is one provider behind three adapters: they share its signed client.
  const esign = config.esign ? new EsignOpenApi(config.esign, now, providerCalls) : null;
  return {
    sms: config.aliyunSms
      ? new AliyunSmsGateway(config.aliyunSms, now, providerCalls)
      : new UnavailableSmsGateway(),
    // The licence app has no public API: outside the sandbox there is none to call.
    licence: new UnavailableLicenceGateway(),
    bankTransfer: esign ? new EsignBankTransferGateway(esign, now) : new UnavailableBankTransferGateway(),
    identity: esign ? new EsignIdentityGateway(esign) : new UnavailableIdentityGateway(),
    // No bank's payment interface is connected yet: outside the sandbox, payments are unavailable.
    settlement: new UnavailableSettlementGateway(),
    // Nor any institution's: outside the sandbox, quotes and applications to institutions are unavailable.
    institution: new UnavailableInstitutionGateway(),
    // Nor the exchange's registry: outside the sandbox no freeze order arrives.
    registry: new UnavailableBillRegistryGateway(),
    files,
    esign:
      esign && config.esign
        ? new EsignESignGateway({ api: esign, files: providerFiles, notifyUrl: config.esign.notifyUrl })
        : new UnavailableESignGateway(),
  };
}

/**
 * What stops working while an outside party has no provider (the sandbox off and no real one configured),
 * in the words an operator needs to decide what to connect.
 */
const UNAVAILABLE_FUNCTIONS = {
  sms: 'SMS codes: SMS sign-in, registration, password reset and every SMS-confirmed operation',
  licence:
    'licence QR verification: every QR-confirmed operation (owner change, organisation authentication)',
  bankTransfer: 'small-amount bank transfers: bank account verification',
  identity: 'identity checks: real-name verification of legal representatives',
  esign: 'e-signature: organisation agreements and contracts',
  settlement:
    'settlement payments: online clearing of discounts, payment at maturity, recourse and financing',
  institution: 'financial institutions: quotes, discount and pledge applications to institutions',
  registry: 'the bill registry: freeze orders of courts and other authorities',
} as const;

function unavailableFunctions(adapters: Adapters): string[] {
  const missing = {
    sms: adapters.sms instanceof UnavailableSmsGateway,
    licence: adapters.licence instanceof UnavailableLicenceGateway,
    bankTransfer: adapters.bankTransfer instanceof UnavailableBankTransferGateway,
    identity: adapters.identity instanceof UnavailableIdentityGateway,
    esign: adapters.esign instanceof UnavailableESignGateway,
    settlement: adapters.settlement instanceof UnavailableSettlementGateway,
    institution: adapters.institution instanceof UnavailableInstitutionGateway,
    registry: adapters.registry instanceof UnavailableBillRegistryGateway,
  };
  return (Object.keys(missing) as (keyof typeof missing)[])
    .filter((name) => missing[name])
    .map((name) => UNAVAILABLE_FUNCTIONS[name]);
}

/**
 * The sandbox e-sign provider calls the platform's callback route as a provider would over HTTP, through
 * the same route, headers and body (in-process: the sandbox runs inside the platform).
 */
function connectSandboxESign(app: FastifyInstance): void {
  const esign = app.adapters.esign;
  if (!(esign instanceof SandboxESignGateway)) return;
  esign.deliverTo(async (body, headers) => {
    const answer = await app.inject({ method: 'POST', url: ECONTRACT_URL.callback, payload: body, headers });
    return answer.statusCode;
  });
  app.addHook('onReady', async () => esign.worker.start());
  app.addHook('preClose', async () => esign.worker.stop());
}

/** The sandbox institutions answer through the server's task queue, on every node. */
function connectSandboxInstitution(app: FastifyInstance): void {
  const institution = app.adapters.institution;
  if (!(institution instanceof SandboxInstitutionGateway)) return;
  app.addHook('onReady', async () => institution.worker.start());
  app.addHook('preClose', async () => institution.worker.stop());
}

/** DATA_DIR/files for one node; the database when several share it (FILE_STORE=database). */
function createFileStore(config: AppConfig, db: Db, now: () => number): FileStore {
  return config.fileStore === 'database'
    ? new DatabaseFileStore(db, now)
    : new LocalFileStore(path.join(config.dataDir, 'files'));
}

/** The platform server, ready to `inject` or `listen`: database migrated (and seeded), every route registered. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The sandbox's clock can be moved (modules/day-end/routes.ts); a production start keeps the plain one.
  const sandboxClock = config.sandbox ? new AdjustableClock(options.now ?? Date.now) : null;
  const now = sandboxClock ? sandboxClock.now : (options.now ?? Date.now);
  const app = Fastify({
    // Pino writes each line to stdout as it is logged (its default, synchronous destination), so a
    // process that is killed loses none.
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: {
        req: requestFields,
      },
      timestamp: pino.stdTimeFunctions.isoTime,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    genReqId: requestId,
    schemaController: lazySchemaController(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerUnroutable,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Bodies are JSON (the token endpoint: forms); any other type, text/plain included, is answered 415.
  app.removeContentTypeParser('text/plain');
  setupBodyRules(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const passwordKey = startLoadingPasswordKey(config);
  // Before the database opens: a configured secret that is too short stops the start here.
  const verificationKeys = loadVerificationKeys({
    secret: config.verificationSecret,
    dataDir: config.dataDir,
    ephemeral: config.inMemoryDb,
  });
  const db = await openDatabase(config, now);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('now', now);
  app.decorate('sandboxClock', sandboxClock);
  app.decorate('verificationKeys', verificationKeys);
  // Metrics off: no registry, no hook, the adapters as they are.
  const metrics = config.metrics ? await createMetricsKit() : null;
  const adapters = createAdapters(
    config,
    db,
    now,
    verificationKeys,
    app.log,
    metrics ? providerCallMetrics(metrics) : UNCOUNTED,
  );
  app.decorate('adapters', metrics ? instrumentAdapters(adapters, metrics) : adapters);
  const unavailable = unavailableFunctions(adapters);
  if (unavailable.length > 0) {
    app.log.warn(
      { unavailable },
      `No provider is configured for ${unavailable.length} outside part${unavailable.length === 1 ? 'y' : 'ies'} (SANDBOX is off): these functions are unavailable until one is: ${unavailable.join('; ')}`,
    );
  }
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const hub = new RealtimeHub();
  let bus: RealtimeBus;
  try {
    bus = config.databaseUrl
      ? await PostgresBus.start({ hub, db, connectionString: config.databaseUrl, log: app.log })
      : new InProcessBus(hub);
  } catch (error) {
    await app.close();
    throw error;
  }
  const realtime = new Realtime(hub, bus);
  app.decorate('realtime', realtime);
  // Unlistens and releases the listening connection (its own, outside the pool).
  app.addHook('onClose', async () => realtime.close());

  try {
    // Before any route: the API document is made from the routes as they are registered.
    setupOpenApi(app);
    setupPasswordKey(app, await passwordKey);
    setupMetrics(app, metrics);
    setupAuthentication(app);
    setupErrorHandling(app);
    setupHousekeeping(app);
    setupDayEnd(app, options.dayEndSteps);
    // Before any route: they honour `config.idempotent` and `config.verification` on the routes after them.
    setupIdempotency(app);
    setupVerification(app);
    setupSecurityHeaders(app);
    // Before any route: they join the routes as hooks of their own.
    setupCompression(app);
    setupSandboxGate(app);
    await setupRealtimeSocket(app);

    await app.register(oauthRoutes);
    await app.register(healthRoutes);
    await app.register(channelRoutes);
    await app.register(registrationRoutes);
    await app.register(accountRoutes);
    await app.register(captchaRoutes);
    await app.register(noticeRoutes);
    await app.register(operationRoutes);
    await app.register(statisticsRoutes);
    await app.register(systemStatusRoutes);
    await app.register(holidayRoutes);
    await app.register(orgFunctionRoutes);
    await app.register(orgChannelRoutes);
    await app.register(invitationRoutes);
    await app.register(exportRoutes);
    await app.register(smsRoutes);
    await app.register(qrVerificationRoutes);
    await app.register(passwordRoutes);
    await app.register(orgAuthRoutes);
    await app.register(bankTransferAuthRoutes);
    await app.register(bankAccountRoutes);
    await app.register(organizationRoutes);
    await app.register(identityRoutes);
    await app.register(partnerRegistrationRoutes);
    await app.register(staffRoutes);
    setupAgreementContracts(app);
    await app.register(agreementRoutes);
    await app.register(applyRecordRoutes);
    await app.register(elecLicenceRoutes);
    await app.register(billRoutes);
    await app.register(discountRoutes);
    await app.register(guaranteeRoutes);
    await app.register(freezeRoutes);
    await app.register(pledgeFinRoutes);
    await app.register(pledgeRoutes);
    await app.register(paymentRoutes);
    await app.register(recourseRoutes);
    await app.register(institutionRoutes);
    await app.register(settlementRoutes);
    setupContractSigning(app);
    await app.register(eContractRoutes);
    await app.register(eContractCallbackRoutes);
    connectSandboxESign(app);
    connectSandboxInstitution(app);
    setupDocsRoutes(app);
    // Every sandbox route is registered here, and nowhere else: see plugins/sandbox-gate.ts.
    await registerSandbox(app, [
      sandboxRoutes,
      noticeSandboxRoutes,
      entryLinkSandboxRoutes,
      nonPaymentSandboxRoutes,
      systemStatusSandboxRoutes,
      bankSandboxRoutes,
      settlementSandboxRoutes,
      institutionSandboxRoutes,
      pledgeSandboxRoutes,
      recourseSandboxRoutes,
      freezeSandboxRoutes,
      eContractSandboxRoutes,
      dayEndSandboxRoutes,
    ]);
    await setupWebRoot(app, config.webRoot);
    await app.ready();
    // Through the modules' commands, so after every module is set up.
    if (config.seedDemo) await seedDemo(app);
    startDayEnd(app);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
