/** 企业认证: authenticating the organisation by small-amount transfer or by its electronic business licence. */
export const orgAuthMessages = {
  title: '企业认证',
  intro: '完成企业认证后，方可办理出票、背书、贴现等票据业务。',
  loadFailed: '企业认证信息加载失败，请稍后重试',
  authorized: {
    title: '企业已完成认证',
    subTitle: '{orgName} 已通过认证，可办理票据业务。',
    method: '认证方式',
    account: '认证账户',
  },
  methods: {
    legend: '请选择认证方式',
    BANKTRANSFER: '对公账户小额打款认证',
    BANKTRANSFERHint: '向企业对公账户打入一笔1元以下的随机金额，输入到账金额完成认证。',
    LICENSE: '电子营业执照扫码认证',
    LICENSEHint: '使用电子营业执照小程序或App扫码完成认证。',
    comingSoon: '即将开放',
  },
  form: {
    title: '填写企业对公账户',
    accountNo: '对公银行账号',
    accountNoPlaceholder: '请输入企业对公银行账号',
    submit: '发起小额打款',
    requested: '验证打款已发起，预计2小时内到账',
  },
  waiting: {
    title: '打款已发起，等待到账',
    /** The platform knows it has paid, not that the account holder sees the money yet. */
    paidTitle: '平台已打款，请查看到账金额后填写',
    body: '平台已向 {bank} 账户 {account} 发起一笔1元以下的随机金额打款，{arrival}。',
    paidBody: '平台已于 {time} 向 {bank} 账户 {account} 打入一笔1元以下的随机金额。',
    remark: '请通过银行短信或对公账户流水查看到账金额（付款备注含“打款验证”）。',
    refresh: '刷新到账状态',
    restart: '更换账户重新发起',
  },
  check: {
    submit: '提交验证',
    success: '企业认证成功',
  },
  records: {
    title: '认证记录',
    empty: '暂无认证记录',
    requestedAt: '申请时间',
    bank: '开户行',
    accountNo: '账号',
    status: '状态',
    expiresAt: '金额输入截止',
  },
  licencePlace: '电子营业执照扫码认证即将开放，请先使用对公账户小额打款认证。',
} as const;
