import fc from 'fast-check';
import { VERIFICATION_ERROR, VERIFICATION_MESSAGE } from '@contract/verification';
import { CHALLENGE_TTL_MS } from '../../../src/modules/verification/constants';
import { canonicalJson } from '../../../src/modules/verification/operation';
import { DEMO_PASSWORD } from '../../../src/db/seed';
import { basicAuth, bearer, signIn, startApp, type TestApp } from '../../support/helpers';
import {
  changePassword,
  cipherOf,
  latestCode,
  otherCode,
  outboxOf,
  OWNER_SH,
  refusalOf,
  resetPassword,
  sendSms,
  STAFF_SH,
  withCode,
} from '../../support/verification-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

const MINUTE = 60_000;

/** Signs in, starts a password change, sends the code: what the SMS dialog does before the replay. */
async function pendingChange(mobile = OWNER_SH) {
  const tokens = await signIn(t.app, mobile);
  const ciphertext = cipherOf(t.app);
  const first = await changePassword(t.app, tokens.access_token, ciphertext);
  expect(first.statusCode).toBe(406);
  const sent = await sendSms(t.app, mobile, { accessToken: tokens.access_token });
  expect(sent.statusCode).toBe(200);
  const code = await latestCode(t.app, mobile);
  return { token: tokens.access_token, ciphertext, code, challengeId: refusalOf(first).challengeId };
}

describe('an SMS-protected operation', () => {
  it('answers 406 SMS_VERIFICATION_REQUIRED with a challengeId while it carries no code', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const response = await changePassword(t.app, access_token, cipherOf(t.app));
    expect(response.statusCode).toBe(406);
    expect(response.json()).toEqual({
      code: VERIFICATION_ERROR.smsRequired,
      msg: VERIFICATION_MESSAGE.smsRequired,
      challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('keeps one challenge for one operation however often it is retried without proof', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const ciphertext = cipherOf(t.app);
    const first = refusalOf(await changePassword(t.app, access_token, ciphertext));
    const second = refusalOf(await changePassword(t.app, access_token, ciphertext));
    expect(second.challengeId).toBe(first.challengeId);
  });

  it('completes with the right Verify-Code, and the same code again is refused', async () => {
    const { token, ciphertext, code } = await pendingChange();
    const done = await changePassword(t.app, token, ciphertext, withCode(code));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ code: 200 });

    const again = await changePassword(t.app, token, ciphertext, withCode(code));
    expect(again.statusCode).toBe(406);
    expect(refusalOf(again)).toMatchObject({
      code: VERIFICATION_ERROR.smsCodeInvalid,
      msg: VERIFICATION_MESSAGE.smsCodeInvalid,
      challengeId: expect.any(String),
    });
    expect(t.logs.events('verification.replay')).toHaveLength(1);
  });

  it('keeps the challenge open for a code sent near its end, for as long as the code lives', async () => {
    const tokens = await signIn(t.app, OWNER_SH);
    const ciphertext = cipherOf(t.app);
    expect((await changePassword(t.app, tokens.access_token, ciphertext)).statusCode).toBe(406);
    t.clock.advance(CHALLENGE_TTL_MS - MINUTE);
    expect((await sendSms(t.app, OWNER_SH, { accessToken: tokens.access_token })).statusCode).toBe(200);
    const code = await latestCode(t.app, OWNER_SH);

    // Past the challenge's own ten minutes, within the code's five.
    t.clock.advance(3 * MINUTE);
    const done = await changePassword(t.app, tokens.access_token, ciphertext, withCode(code));
    expect(done.statusCode, done.body).toBe(200);
  });

  it('lets exactly one of two concurrent replays with the code through', async () => {
    const { token, ciphertext, code } = await pendingChange();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => changePassword(t.app, token, ciphertext, withCode(code))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 406)).toHaveLength(4);
  });

  it('refuses the code on another operation (a different body), and counts it as a wrong try', async () => {
    const { token, ciphertext, code } = await pendingChange();
    const other = await changePassword(t.app, token, cipherOf(t.app, 'Another2026pw'), withCode(code));
    expect(other.statusCode).toBe(406);
    expect(refusalOf(other).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
    expect(t.logs.events('otp.failed').at(-1)).toMatchObject({ reason: 'other_operation' });
    // The original operation still completes with it.
    expect((await changePassword(t.app, token, ciphertext, withCode(code))).statusCode).toBe(200);
  });

  it('refuses the code presented by another user for the same operation', async () => {
    const { ciphertext, code } = await pendingChange(OWNER_SH);
    const other = await signIn(t.app, STAFF_SH);
    const response = await changePassword(t.app, other.access_token, ciphertext, withCode(code));
    expect(response.statusCode).toBe(406);
    expect(refusalOf(response).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
  });

  it('invalidates the code after 5 wrong tries: the 6th, with the right code, is refused too', async () => {
    const { token, ciphertext, code, challengeId } = await pendingChange();
    for (let i = 1; i <= 5; i++) {
      const wrong = await changePassword(t.app, token, ciphertext, withCode(otherCode(code, i)));
      expect(wrong.statusCode).toBe(406);
      expect(refusalOf(wrong).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
    }
    const sixth = await changePassword(t.app, token, ciphertext, withCode(code));
    expect(sixth.statusCode).toBe(406);
    // The invalidated challenge is replaced: a new send is needed, and it serves the new challenge.
    expect(refusalOf(sixth).challengeId).not.toBe(challengeId);
    const failures = t.logs.events('otp.failed').map((entry) => entry.reason);
    expect(failures).toEqual([...Array(5).fill('mismatch'), 'invalidated']);
    expect(t.logs.events('verification.invalidated')).toHaveLength(1);

    t.clock.advance(MINUTE);
    expect((await sendSms(t.app, OWNER_SH, { accessToken: token })).statusCode).toBe(200);
    const fresh = await latestCode(t.app, OWNER_SH);
    expect((await changePassword(t.app, token, ciphertext, withCode(fresh))).statusCode).toBe(200);
  });

  it('refuses a code older than 5 minutes', async () => {
    const { token, ciphertext, code } = await pendingChange();
    t.clock.advance(5 * MINUTE);
    const late = await changePassword(t.app, token, ciphertext, withCode(code));
    expect(late.statusCode).toBe(406);
    expect(refusalOf(late).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
  });

  it('accepts a code just before it expires', async () => {
    const { token, ciphertext, code } = await pendingChange();
    t.clock.advance(5 * MINUTE - 1);
    expect((await changePassword(t.app, token, ciphertext, withCode(code))).statusCode).toBe(200);
  });

  it('supersedes the old code with a resend: the old one is refused, the new one works', async () => {
    const { token, ciphertext, code: first } = await pendingChange();
    t.clock.advance(MINUTE);
    expect((await sendSms(t.app, OWNER_SH, { accessToken: token })).statusCode).toBe(200);
    const second = await latestCode(t.app, OWNER_SH);
    if (second !== first) {
      const old = await changePassword(t.app, token, ciphertext, withCode(first));
      expect(old.statusCode).toBe(406);
    }
    expect((await changePassword(t.app, token, ciphertext, withCode(second))).statusCode).toBe(200);
  });

  it('takes the code sent after the sandbox clock was set back, not one sent while it stood ahead', async () => {
    const moveClock = async (to: number) => {
      const moved = await t.app.inject({
        method: 'PUT',
        url: '/api/sandbox/clock',
        payload: { at: new Date(to).toISOString() },
      });
      expect(moved.statusCode).toBe(200);
    };
    const reset = async (password: string) => {
      const ciphertext = cipherOf(t.app, password);
      expect((await resetPassword(t.app, OWNER_SH, ciphertext)).statusCode).toBe(406);
      expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
      const code = await latestCode(t.app, OWNER_SH);
      return { code, answer: await resetPassword(t.app, OWNER_SH, ciphertext, withCode(code)) };
    };
    await moveClock(t.clock.now() + 3 * 24 * 60 * MINUTE);
    const ahead = await reset('Ahead2026pw');
    expect(ahead.answer.statusCode).toBe(200);

    await moveClock(t.clock.now());
    const back = await reset('Back2026pw');
    // The outbox shows the new message first, and its code is the one verified.
    const [newest] = await outboxOf(t.app, OWNER_SH);
    expect(newest!.createdAt).toBeGreaterThanOrEqual(t.app.now() - MINUTE);
    expect(back.code).toMatch(/^\d{6}$/);
    expect(back.answer.statusCode, back.answer.body).toBe(200);
    await signIn(t.app, OWNER_SH, 'Back2026pw');
  });

  it('refuses a malformed Verify-Code without a 5xx', async () => {
    const { token, ciphertext } = await pendingChange();
    for (const bad of ['', '12345', '1234567', 'abcdef', '１２３４５６']) {
      const response = await changePassword(t.app, token, ciphertext, withCode(bad));
      expect(response.statusCode).toBe(406);
    }
  });

  it('never writes the code, the password or the token to the logs; the database holds only an HMAC', async () => {
    const { token, ciphertext, code } = await pendingChange();
    await changePassword(t.app, token, ciphertext, withCode(otherCode(code)));
    await changePassword(t.app, token, ciphertext, withCode(code));
    const raw = t.logs.raw();
    expect(raw).not.toContain(code);
    expect(raw).not.toContain(ciphertext);
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(DEMO_PASSWORD);
    const rows = await t.app.db.selectFrom('sms_codes').select('code_hmac').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.code_hmac).toMatch(/^[0-9a-f]{64}$/);
      expect(row.code_hmac).not.toContain(code);
    }
  });
});

describe('malformed input to the verification routes', () => {
  it('is answered with a 4xx (or a verification refusal), never a 5xx (property)', async () => {
    const { access_token } = await signIn(t.app, STAFF_SH);
    const routes = [
      { method: 'POST', url: '/api/sms' },
      { method: 'POST', url: '/api/user/password/reset' },
      { method: 'POST', url: '/api/user/password/change' },
      { method: 'POST', url: '/api/account/owner/auth' },
      { method: 'GET', url: '/api/verification/qr' },
      { method: 'GET', url: '/api/verification/qr/AAAAAAAAAAAAAAAAAAAAAA/status' },
      { method: 'GET', url: '/api/sandbox/sms' },
      { method: 'POST', url: '/api/sandbox/qr/AAAAAAAAAAAAAAAAAAAAAA/confirm' },
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string({ maxLength: 200 }),
        ),
        fc.dictionary(fc.constantFrom('challengeId', 'mobile', 'qrId'), fc.string({ maxLength: 40 })),
        fc.record(
          {
            'verify-code': fc.string({ maxLength: 12 }),
            'qr-id': fc.string({ maxLength: 70 }),
            signature: fc.string({ maxLength: 200 }),
            authorization: fc.constantFrom(
              basicAuth(t.app.config),
              bearer(access_token).authorization,
              'Bearer x',
            ),
          },
          { requiredKeys: [] },
        ),
        async (route, body, query, headers) => {
          const response = await t.app.inject({
            method: route.method,
            url: route.url,
            query,
            headers: { 'content-type': 'application/json', ...headers },
            ...(route.method === 'POST' ? { payload: body } : {}),
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(200);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('canonicalJson', () => {
  it('ignores key order at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: undefined })).toBe('{}');
  });
});
