/** 企业开通功能: what an organisation may do, as the dashboard, the menu and the company centre show it. */
export const orgFunctionsMessages = {
  opened: '已开通',
  notOpened: '未开通',
  comingSoon: '即将上线',
  notOffered: '当前渠道暂不支持',
  needs: '开通前需完成：{items}',
  prerequisites: {
    AUTHENTICATION: '企业认证',
    SETTLEMENT_ACCOUNT: '结算账户验证',
    AGREEMENT: '签署协议',
    BUSINESS_AUTHORISATION: '电子营业执照业务授权',
  },
  openWithEsignAccount: '去开通电子签章账户',
  notOpenedHint: '本企业尚未开通「{name}」，请由企业管理员在工作台「企业开通功能」中开通后办理',
  comingSoonHint: '「{name}」即将上线，敬请期待',
} as const;
