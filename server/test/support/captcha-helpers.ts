import type { FastifyInstance } from 'fastify';
import type { CaptchaScene } from '@contract/captcha';
import type { CaptchaCheckResponse, CaptchaGetResponse, CaptchaPuzzle } from '@contract/captcha-schemas';
import { SLIDER_ANSWER_Y } from '@contract/constants';
import type { Db } from '../../src/db/database';
import { aesEcbEncrypt } from '../../src/modules/captcha/aes';
import { answerPlainText } from '../../src/modules/captcha/answer';
import { startApp, type TestClock } from './helpers';

export interface CaptchaHarness {
  app: FastifyInstance;
  db: Db;
  advance: TestClock['advance'];
  /** Every log line written so far, parsed. */
  logs: () => Record<string, unknown>[];
  close(): Promise<void>;
}

/** The real app (in-memory database, test clock, captured logs); unseeded unless a test signs in. */
export async function captchaHarness(options: { seedDemo?: boolean } = {}): Promise<CaptchaHarness> {
  const { app, clock, logs } = await startApp({ seedDemo: options.seedDemo ?? false });
  return { app, db: app.db, advance: clock.advance, logs: logs.entries, close: () => app.close() };
}

let nextAddress = 0;
/** A fresh client address per call, so tests that are not about rate limits never meet one. */
export const freshIp = (): string => {
  nextAddress++;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

/** The same, on this machine (127.0.0.0/8): what the sandbox answers, each call with its own rate limit. */
export const freshLoopbackIp = (): string => freshIp().replace(/^10\./, '127.');

export interface FetchOptions {
  ip?: string;
  clientUid?: string;
  scene?: CaptchaScene;
  headers?: Record<string, string>;
}

export async function getPuzzle(app: FastifyInstance, options: FetchOptions = {}) {
  const query: Record<string, string> = { captchaType: 'blockPuzzle' };
  if (options.clientUid !== undefined) query.clientUid = options.clientUid;
  if (options.scene) query.scene = options.scene;
  const response = await app.inject({
    method: 'GET',
    url: '/api/captcha/get',
    query,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.headers ?? {},
  });
  return { response, body: response.json<CaptchaGetResponse>() };
}

export async function fetchPuzzle(app: FastifyInstance, options: FetchOptions = {}): Promise<CaptchaPuzzle> {
  const { response, body } = await getPuzzle(app, options);
  if (response.statusCode !== 200 || !body.repData) throw new Error(`puzzle fetch failed: ${response.body}`);
  return body.repData;
}

/** The answer as the server stored it; tests never solve the image. */
export async function answerXOf(db: Db, token: string): Promise<number> {
  const row = await db
    .selectFrom('captcha_challenges')
    .select('answer_x')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return row.answer_x;
}

export const encryptedPoint = (secretKey: string, x: number, y: number = SLIDER_ANSWER_Y): string =>
  aesEcbEncrypt(answerPlainText(x, y), secretKey);

export async function checkPuzzle(
  app: FastifyInstance,
  body: { token: string; pointJson: string; clientUid?: string },
  ip: string = freshIp(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/captcha/check',
    payload: { captchaType: 'blockPuzzle', ...body },
    remoteAddress: ip,
  });
  return { response, body: response.json<CaptchaCheckResponse>() };
}

/** Fetches and passes a puzzle; returns what the client would hold afterwards. */
export async function solvePuzzle(app: FastifyInstance, db: Db, scene?: CaptchaScene, ip = freshIp()) {
  const puzzle = await fetchPuzzle(app, scene ? { scene, ip } : { ip });
  const x = await answerXOf(db, puzzle.token);
  const plain = answerPlainText(x);
  const { body } = await checkPuzzle(
    app,
    { token: puzzle.token, pointJson: aesEcbEncrypt(plain, puzzle.secretKey) },
    ip,
  );
  if (body.repCode !== '0000') throw new Error(`solving failed: ${JSON.stringify(body)}`);
  return { puzzle, plain };
}
