/** Banks: the branch picker, transfer amounts, account numbers and verification states. */
export const bankMessages = {
  branchPicker: {
    label: '开户行',
    placeholder: '输入联行号或开户行名称搜索',
    typeToSearch: '请输入联行号或开户行名称',
    noMatch: '未找到匹配的开户行',
    more: '共 {total} 个结果，仅显示前 {shown} 个，请输入更多关键字',
    loadFailed: '开户行查询失败，请稍后重试',
    required: '请选择开户行',
    bank: '开户银行',
    region: '开户地区',
  },
  amountInput: {
    label: '到账金额',
    placeholder: '请输入0.01至0.99',
    unit: '元',
    required: '请输入到账金额',
    invalid: '请输入0.01至0.99元之间的金额，最多两位小数',
  },
  accountForm: {
    accountName: '账户名称',
    accountNameHint: '须与企业名称一致',
    branch: '开户行',
    unlisted: '列表中没有开户行？填写联行号和名称',
    listed: '从开户行列表中选择',
    unlistedNo: '开户行联行号',
    unlistedNoPlaceholder: '12位数字，可向开户行查询',
    unlistedNoInvalid: '联行号须为12位数字',
    unlistedName: '开户行名称',
    unlistedNamePlaceholder: '如：中国工商银行股份有限公司上海市外滩支行',
    unlistedNameInvalid: '开户行名称须为{min}-{max}个字',
  },
  accountNo: {
    required: '请输入银行账号',
    invalid: '银行账号须为6-32位数字',
  },
  accountStatus: { UNVERIFIED: '未验证', VERIFYING: '验证中', VERIFIED: '已验证' },
  verificationStatus: {
    REQUESTED: '打款中',
    PAID: '待输入金额',
    PAYMENT_FAILED: '打款失败',
    VERIFIED: '验证成功',
    EXPIRED: '已失效',
    FAILED: '验证失败',
  },
  /** Why a verification ended, shown where a new one can be started. */
  verificationEnded: {
    PAYMENT_FAILED: '银行未能向该账户打款，请核对账号与开户行后重新发起。',
    EXPIRED: '打款验证已失效（超过7天未输入金额，或已重新发起），请重新发起打款验证。',
    FAILED: '{count} 次填写的金额都不正确，本次验证失败，请重新发起打款验证。',
  },
  /** Spec sections 2 and 5: the transfer is under 1 yuan and arrives within about 2 hours. */
  expectedArrival: '预计2小时内到账',
  triesLeft: '还可输入 {count} 次',
  enterBefore: '请在 {time} 前输入到账金额',
} as const;
