import type { Rule } from 'antd/es/form';
import { MOBILE_LENGTH, VERIFY_CODE_LENGTH } from '@contract/constants';
import { validationMessages } from '@/locales/zh-CN/validation';

/** Spec section 5: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = new RegExp(`^1[3-9]\\d{${MOBILE_LENGTH - 2}}$`);
export const VERIFY_CODE_PATTERN = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);
/** What every invitation link contains (spec section 2). */
export const INVITATION_LINK_MARK = '/#/user/login?code=';

const CHINA_CALLING_CODE = /^\+86/;

/** The mobile number as typed, without spaces and a leading +86. */
export function normalizeMobile(value: string): string {
  return value.replace(/\s+/g, '').replace(CHINA_CALLING_CODE, '');
}

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(normalizeMobile(value));
}

export function isVerifyCode(value: string): boolean {
  return VERIFY_CODE_PATTERN.test(value.trim());
}

export function isInvitationLink(value: string): boolean {
  return value.includes(INVITATION_LINK_MARK);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Rules that only judge a filled value; `required` speaks for an empty one. */
function formatRule(test: (value: string) => boolean, message: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const filled = text(value).trim();
      if (filled !== '' && !test(filled)) throw new Error(message);
    },
  };
}

export const mobileRules: Rule[] = [
  { required: true, whitespace: true, message: validationMessages.mobileRequired },
  formatRule(isMobile, validationMessages.mobileInvalid),
];

export const passwordRules: Rule[] = [{ required: true, message: validationMessages.passwordRequired }];

export const verifyCodeRules: Rule[] = [
  { required: true, whitespace: true, message: validationMessages.verifyCodeRequired },
  formatRule(isVerifyCode, validationMessages.verifyCodeInvalid),
];

export const invitationLinkRules: Rule[] = [
  { required: true, whitespace: true, message: validationMessages.invitationLinkInvalid },
  formatRule(isInvitationLink, validationMessages.invitationLinkInvalid),
];
