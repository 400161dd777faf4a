/** The login screen. */
export const loginMessages = {
  brandSlogan: '让每一张供应链票据安全流转',
  brandIntro: '面向企业的电子供应链票据服务：开立、转让、贴现、质押融资，一站办理。',
  brandFeatures: ['票据全流程线上办理', '企业认证与银行账户绑定', '电子合同签署与质押融资'],
  title: '账号登录',
  subtitle: '欢迎登录，请使用手机号和密码',
  mobileLabel: '手机号',
  mobilePlaceholder: '请输入手机号',
  passwordLabel: '密码',
  passwordPlaceholder: '请输入密码',
  submit: '登录',
  helpLink: '帮助中心',
  copyright: '© 链票通供应链票据平台',
  failed: '登录失败，请稍后重试',
  configFailed: '平台配置加载失败，请刷新页面后重试',
  invitationPending: '您收到一份加入企业的邀请，登录后即可查看并加入',
} as const;
