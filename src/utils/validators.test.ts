import type { Rule, RuleObject } from 'antd/es/form';
import {
  invitationLinkRules,
  isInvitationLink,
  isMobile,
  isVerifyCode,
  mobileRules,
  normalizeMobile,
  passwordRules,
  verifyCodeRules,
} from './validators';

/** Runs antd rules the way Form does for one field; resolves to the first message, or null when valid. */
async function firstError(rules: Rule[], value: unknown): Promise<string | null> {
  for (const rule of rules as RuleObject[]) {
    if (rule.required) {
      const empty =
        value === undefined ||
        value === null ||
        value === '' ||
        (rule.whitespace && String(value).trim() === '');
      if (empty) return String(rule.message);
    }
    if (rule.validator) {
      try {
        await rule.validator(rule, value, () => {});
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return null;
}

describe('mobile number', () => {
  it('strips spaces and a leading +86', () => {
    expect(normalizeMobile(' 138 0000 0001 ')).toBe('13800000001');
    expect(normalizeMobile('+86 13800000001')).toBe('13800000001');
    expect(normalizeMobile('+8613800000001')).toBe('13800000001');
  });

  it.each(['13800000001', '19912345678', '+86 138 0000 0001', '15012345678'])('accepts %s', (mobile) => {
    expect(isMobile(mobile)).toBe(true);
  });

  it.each([
    ['too short', '1380000000'],
    ['too long', '138000000011'],
    ['second digit 2', '12800000001'],
    ['second digit 0', '10800000001'],
    ['not starting with 1', '23800000001'],
    ['letters', '1380000000a'],
    ['86 without plus', '8613800000001'],
  ])('refuses %s', (_why, mobile) => {
    expect(isMobile(mobile)).toBe(false);
  });

  it('asks for the mobile when empty: 请输入手机号', async () => {
    expect(await firstError(mobileRules, undefined)).toBe('请输入手机号');
    expect(await firstError(mobileRules, '   ')).toBe('请输入手机号');
  });

  it('asks for a correct one when malformed: 请输入正确的手机号', async () => {
    expect(await firstError(mobileRules, '1380000')).toBe('请输入正确的手机号');
  });

  it('passes a correct one', async () => {
    expect(await firstError(mobileRules, '+86 138 0000 0001')).toBeNull();
  });
});

describe('password', () => {
  it('asks for the password when empty: 请输入密码', async () => {
    expect(await firstError(passwordRules, '')).toBe('请输入密码');
    expect(await firstError(passwordRules, 'Demo@1234')).toBeNull();
  });
});

describe('verification code', () => {
  it('is exactly 6 digits', () => {
    expect(isVerifyCode('123456')).toBe(true);
    expect(isVerifyCode('12345')).toBe(false);
    expect(isVerifyCode('1234567')).toBe(false);
    expect(isVerifyCode('12345a')).toBe(false);
  });

  it('says 请输入验证码 when empty and 请输入6位验证码 when malformed', async () => {
    expect(await firstError(verifyCodeRules, '')).toBe('请输入验证码');
    expect(await firstError(verifyCodeRules, '123')).toBe('请输入6位验证码');
    expect(await firstError(verifyCodeRules, '123456')).toBeNull();
  });
});

describe('invitation link', () => {
  it('must contain /#/user/login?code=', async () => {
    expect(isInvitationLink('https://bill.example.com/#/user/login?code=AB12')).toBe(true);
    expect(isInvitationLink('https://bill.example.com/#/user/login')).toBe(false);
    expect(await firstError(invitationLinkRules, 'https://bill.example.com/')).toBe('请输入正确的链接地址');
    expect(await firstError(invitationLinkRules, 'https://x/#/user/login?code=1')).toBeNull();
  });
});
