/** What the institution module answers, in Chinese. */
export const INSTITUTION_MSG = {
  nameInvalid: '金融机构名称不能为空，且不超过64个字',
  creditCodeInvalid: '统一社会信用代码校验未通过',
  creditCodeTaken: '该统一社会信用代码已登记',
  bankNoInvalid: '总行行号须为支付系统行号目录中的12位行号',
  bankNoTaken: '该总行行号已登记为金融机构',
  accountNoInvalid: '结算账号须为6-32位数字',
  applicationUnknown: '没有该笔待机构答复的申请',
  applicationAnswered: '该申请已答复、已撤回或正在答复，不能再答复',
  answered: '已答复',
} as const;
