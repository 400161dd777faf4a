import {
  ACCOUNT_NO_MAX_LENGTH,
  ACCOUNT_NO_MIN_LENGTH,
  AMOUNT_ENTRIES,
  BRANCH_NAME_MAX_LENGTH,
  BRANCH_NAME_MIN_LENGTH,
  TRANSFER_REQUESTS_PER_DAY,
  VERIFICATION_WINDOW_DAYS,
} from '@contract/bank-account';

/** What the bank calls answer, in Chinese. */
export const BANK_MSG = {
  bankNoInvalid: '联行号只能包含数字，最多12位',
  sortInvalid: '不支持的排序方式',
  branchNotFound: '开户行不在开户行列表中，请填写开户行名称，或从列表中选择',
  unlistedBranchNoInvalid: '联行号须为12位数字',
  unlistedBranchNameInvalid: `开户行名称须为${BRANCH_NAME_MIN_LENGTH}-${BRANCH_NAME_MAX_LENGTH}个字`,
  unlistedBankUnknown: '联行号前3位不是已知银行的行别代码，请核对联行号',
  unlistedBankUnnamed: (banks: readonly string[]) =>
    `该联行号的行别代码属于多家银行，请在开户行名称中写明银行，如${banks.slice(0, 3).join('、')}`,
  accountNameMismatch: '账户名称须与企业名称一致',
  accountNoInvalid: `银行账号须为${ACCOUNT_NO_MIN_LENGTH}-${ACCOUNT_NO_MAX_LENGTH}位数字`,
  accountExists: '该银行账号已添加',
  accountNotFound: '银行账户不存在',
  accountNotVerified: '该账户尚未通过打款验证，不能设为默认结算账户',
  accountVerified: '该账户已通过打款验证',
  limitReached: `每个企业每天最多发起${TRANSFER_REQUESTS_PER_DAY}次打款验证，请明天再试`,
  notArrived: '打款尚未到账，请到账后再输入金额',
  amountInvalid: '请输入0.01至0.99元之间的金额，最多两位小数',
  amountMismatch: (triesLeft: number) => `金额不正确，还可输入${triesLeft}次`,
  failed: `${AMOUNT_ENTRIES}次填写的金额都不正确，本次验证失败，请重新发起打款验证`,
  expired: `本次打款验证已失效（超过${VERIFICATION_WINDOW_DAYS}天未验证，或已重新发起），请重新发起打款验证`,
  noOpenVerification: '没有待验证的打款，请重新发起打款验证',
  verificationNotFound: '打款验证记录不存在',
  created: '已添加银行账户，验证打款已发起',
  updated: '已保存银行账户',
  verified: '打款验证成功',
  bound: '已设为默认结算账户',
  orgAuthorized: '企业已完成认证',
  transferRequested: '验证打款已发起，预计2小时内到账',
  authSucceeded: '企业认证成功',
} as const;

/** The operation named to the SMS verification of binding a settlement account. */
export const BIND_SETTLEMENT_OPERATION = '设置默认结算账户';
