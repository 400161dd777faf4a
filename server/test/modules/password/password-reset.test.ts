import { VERIFICATION_ERROR } from '@contract/verification';
import { DEMO_PASSWORD } from '../../../src/db/seed';
import {
  authed,
  encryptPassword,
  passwordGrant,
  refreshGrant,
  signIn,
  startApp,
  type TestApp,
} from '../../support/helpers';
import {
  changePassword,
  cipherOf,
  latestCode,
  NEW_PASSWORD,
  otherCode,
  outboxOf,
  OWNER_SH,
  refusalOf,
  resetPassword,
  sendSms,
  STAFF_SH,
  UNREGISTERED,
  withCode,
} from '../../support/verification-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('POST /api/user/password/reset', () => {
  it('resets the password after the SMS code, ends every session, and logs it', async () => {
    const before = await signIn(t.app, OWNER_SH);
    const other = await signIn(t.app, OWNER_SH);
    const ciphertext = cipherOf(t.app);

    const first = await resetPassword(t.app, OWNER_SH, ciphertext);
    expect(first.statusCode).toBe(406);
    expect(refusalOf(first)).toMatchObject({
      code: VERIFICATION_ERROR.smsRequired,
      challengeId: expect.any(String),
    });
    expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
    const code = await latestCode(t.app, OWNER_SH);

    const done = await resetPassword(t.app, OWNER_SH, ciphertext, withCode(code));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ code: 200, msg: '密码已重置，请使用新密码登录' });

    // The old password stops working; the new one signs in.
    const old = await passwordGrant(t.app, { mobile: OWNER_SH, password: DEMO_PASSWORD });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: 'password_not_match' });
    await signIn(t.app, OWNER_SH, NEW_PASSWORD);

    // Every session of before the reset is over: access tokens and refresh tokens alike.
    for (const tokens of [before, other]) {
      expect((await authed(t.app, 'GET', '/api/user', tokens.access_token)).statusCode).toBe(401);
      expect((await refreshGrant(t.app, tokens.refresh_token)).statusCode).toBe(400);
    }
    expect(t.logs.events('password.reset')).toEqual([
      expect.objectContaining({ userId: before.account.id, mobile: '138****0001' }),
    ]);
    // The same code cannot reset it again.
    const replay = await resetPassword(t.app, OWNER_SH, ciphertext, withCode(code));
    expect(replay.statusCode).toBe(406);
  });

  it('requires the web client credential', async () => {
    const response = await resetPassword(t.app, OWNER_SH, cipherOf(t.app), {
      authorization: 'Basic bm9wZTpub3Bl',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a weak or undecryptable password before any verification starts', async () => {
    for (const ciphertext of [
      encryptPassword(t.app, 'short1'),
      encryptPassword(t.app, 'lettersonly'),
      'bm90IHJzYQ==',
    ]) {
      const response = await resetPassword(t.app, OWNER_SH, ciphertext);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PASSWORD_INVALID' });
    }
    expect(await t.app.db.selectFrom('verification_challenges').select('id').execute()).toHaveLength(0);
  });

  it('behaves for an unknown mobile like for a known one up to the SMS step', async () => {
    const known = await resetPassword(t.app, OWNER_SH, cipherOf(t.app));
    const unknown = await resetPassword(t.app, UNREGISTERED, cipherOf(t.app));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(refusalOf(unknown))).toEqual(Object.keys(refusalOf(known)));
    expect(refusalOf(unknown).code).toBe(refusalOf(known).code);

    const sentKnown = await sendSms(t.app, OWNER_SH);
    const sentUnknown = await sendSms(t.app, UNREGISTERED);
    expect(sentUnknown.statusCode).toBe(sentKnown.statusCode);
    expect(sentUnknown.body).toBe(sentKnown.body);
    expect(await outboxOf(t.app, UNREGISTERED)).toHaveLength(0);

    // Whatever code is tried for the unknown mobile, it is refused like a wrong one.
    const guess = await resetPassword(t.app, UNREGISTERED, cipherOf(t.app), withCode('123456'));
    expect(guess.statusCode).toBe(406);
    expect(refusalOf(guess).code).toBe(VERIFICATION_ERROR.smsCodeInvalid);
  });

  it('does not let a signed-in user’s code reset the password (another subject)', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const ciphertext = cipherOf(t.app);
    await changePassword(t.app, access_token, ciphertext);
    await sendSms(t.app, OWNER_SH, { accessToken: access_token });
    const code = await latestCode(t.app, OWNER_SH);
    const response = await resetPassword(t.app, OWNER_SH, ciphertext, withCode(code));
    expect(response.statusCode).toBe(406);
    // And the code still serves the change it was sent for.
    expect((await changePassword(t.app, access_token, ciphertext, withCode(code))).statusCode).toBe(200);
  });

  it('lifts a sign-in lock: the code proved the mobile', async () => {
    for (let i = 0; i < 5; i++) await passwordGrant(t.app, { mobile: STAFF_SH, password: 'Wrong12345' });
    const locked = await passwordGrant(t.app, { mobile: STAFF_SH, password: DEMO_PASSWORD });
    expect(locked.json()).toMatchObject({ error: 'account_status_error' });

    const ciphertext = cipherOf(t.app);
    await resetPassword(t.app, STAFF_SH, ciphertext);
    await sendSms(t.app, STAFF_SH);
    const code = await latestCode(t.app, STAFF_SH);
    expect((await resetPassword(t.app, STAFF_SH, ciphertext, withCode(otherCode(code)))).statusCode).toBe(
      406,
    );
    expect((await resetPassword(t.app, STAFF_SH, ciphertext, withCode(code))).statusCode).toBe(200);
    await signIn(t.app, STAFF_SH, NEW_PASSWORD);
  });
});

describe('POST /api/user/password/change', () => {
  it('changes the password after the SMS code and ends the other sessions, not this one', async () => {
    const current = await signIn(t.app, STAFF_SH);
    const other = await signIn(t.app, STAFF_SH);
    const ciphertext = cipherOf(t.app);
    expect((await changePassword(t.app, current.access_token, ciphertext)).statusCode).toBe(406);
    await sendSms(t.app, STAFF_SH, { accessToken: current.access_token });
    const code = await latestCode(t.app, STAFF_SH);
    const done = await changePassword(t.app, current.access_token, ciphertext, withCode(code));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ code: 200, msg: '密码已修改' });

    expect((await authed(t.app, 'GET', '/api/user', current.access_token)).statusCode).toBe(200);
    expect((await authed(t.app, 'GET', '/api/user', other.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(t.app, other.refresh_token)).statusCode).toBe(400);
    await signIn(t.app, STAFF_SH, NEW_PASSWORD);
    expect(t.logs.events('password.changed')).toHaveLength(1);
  });

  it('requires sign-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/change',
      payload: { password: cipherOf(t.app) },
    });
    expect(response.statusCode).toBe(401);
  });
});
