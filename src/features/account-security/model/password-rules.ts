import type { FormInstance, Rule } from 'antd/es/form';
import { accountSecurityMessages } from '@/locales/zh-CN/account-security';
import { validationMessages } from '@/locales/zh-CN/validation';

const text = accountSecurityMessages.forgotPassword;

/** The platform's password policy: 8-20 printable ASCII characters with a letter and a digit. */
export const NEW_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;

export const newPasswordRules: Rule[] = [
  { required: true, message: validationMessages.passwordRequired },
  { pattern: NEW_PASSWORD_PATTERN, message: text.passwordRule },
];

/** The confirmation must repeat the field `passwordField` of the same form. */
export function confirmPasswordRules(passwordField: string): Rule[] {
  return [
    { required: true, message: text.confirmRequired },
    (form: Pick<FormInstance, 'getFieldValue'>) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== form.getFieldValue(passwordField)) throw new Error(text.confirmMismatch);
      },
    }),
  ];
}
