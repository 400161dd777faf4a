/** Every user-visible string of the app. Grouped by screen or concern; placeholders as {name}. */
export const messages = {
  common: {
    tip: '提示',
    ok: '确定',
    cancel: '取消',
    loading: '加载中…',
    platformName: '链票通供应链票据平台',
    reload: '重新加载',
    backHome: '返回首页',
  },
  app: {
    chunkLoadError: '页面加载失败，请检查网络后重新加载',
    routeError: '页面出错了，请重新加载或返回首页',
    notFound: '页面不存在',
  },
  slider: {
    title: '请完成安全验证',
    prompt: '拖动滑块完成拼图',
    handleLabel: '拼图滑块，可用左右方向键移动，回车键提交',
    verifying: '正在验证…',
    success: '{seconds}秒验证成功',
    failure: '验证失败',
    imageFailure: '图片获取失败',
    refresh: '刷新验证码',
    puzzleAlt: '拼图背景',
    pieceAlt: '拼图块',
  },
  validation: {
    mobileRequired: '请输入手机号',
    mobileInvalid: '请输入正确的手机号',
    passwordRequired: '请输入密码',
    verifyCodeRequired: '请输入验证码',
    verifyCodeInvalid: '请输入6位验证码',
    invitationLinkInvalid: '请输入正确的链接地址',
  },
  login: {
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
  },
  oauthError: {
    invalid_client: '客户端认证失败，请刷新页面后重试',
    invalid_grant: '登录已超时，请重新登录',
    invalid_request: '请求参数有误，请检查后重试',
    unsupported_grant_type: '不支持的登录方式',
    invalid_scope: '授权范围无效',
    redirect_uri_mismatch: '回调地址不匹配',
    unsupported_response_type: '不支持的授权响应类型',
    access_denied: '拒绝访问',
    account_not_exist: '账号不存在，请先注册',
    account_status_error: '账号已锁定或状态异常，请稍后再试或联系企业管理员',
    password_not_match: '手机号或密码错误',
    unauthorized_user: '用户未授权，请联系企业管理员',
    invalid_token: '登录已超时，请重新登录',
    token_expired: '登录已超时，请重新登录',
    captcha_invalid: '安全验证已失效，请重新验证',
    too_many_requests: '操作过于频繁，请稍后再试',
  },
  network: {
    timeout: '请求超时',
    fallback: '网络异常，请稍后重试',
  },
  shell: {
    logout: '退出登录',
    loggingOut: '正在退出…',
    userMenuLabel: '当前用户',
    organizationLabel: '当前企业',
    noOrganization: '暂未加入企业',
    helpCenter: '帮助中心',
  },
  dashboard: {
    title: '工作台',
    welcome: '{name}，欢迎回来',
    organization: '当前企业：{orgName}',
    placeholder: '工作台的业务概览正在建设中。',
  },
  helpCenter: {
    title: '帮助中心',
    intro: '这里汇总了使用链票通供应链票据平台的常见问题。',
    sections: [
      {
        title: '如何登录',
        body: '使用注册时的手机号和密码登录。提交后需拖动滑块完成拼图安全验证，验证通过后即可进入工作台。',
      },
      {
        title: '忘记密码或账号被锁定',
        body: '多次输入错误密码后账号会被临时锁定，请稍后再试；如仍无法登录，请联系企业管理员处理。',
      },
      {
        title: '企业认证与操作权限',
        body: '部分业务需要企业完成认证后才能办理。若提示暂无操作权限，请联系企业管理员开通。',
      },
    ],
    backToLogin: '返回登录',
  },
} as const;

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
