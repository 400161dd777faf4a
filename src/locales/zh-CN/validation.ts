/** Form field messages shared by several screens. */
export const validationMessages = {
  mobileRequired: '请输入手机号',
  mobileInvalid: '请输入正确的手机号',
  passwordRequired: '请输入密码',
  verifyCodeRequired: '请输入验证码',
  verifyCodeInvalid: '请输入6位验证码',
  invitationLinkInvalid: '请输入正确的链接地址',
} as const;
