/** Links into the account pages from the login screen and the header. */
export const accountLinkMessages = {
  forgotPassword: '忘记密码',
  accountSecurity: '账号安全',
} as const;
