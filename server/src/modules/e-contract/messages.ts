import { BATCH_SIGN_MAX } from '@contract/e-contract';

/** What the contract calls answer, in Chinese. */
export const ECONTRACT_MSG = {
  orgNotAuthorized: '企业尚未完成认证，请先完成企业认证再开通电子签章账户',
  accountNotOpen: '尚未开通电子签章账户，请先开通',
  opened: '电子签章账户已开通，已为企业生成模板印章',
  alreadyOpen: '电子签章账户已开通',
  contractNotFound: '合同不存在',
  notSignable: (no: string) => `合同${no}当前不可签署`,
  sealNotFound: '印章不存在',
  tooMany: `每次最多批量签署${BATCH_SIGN_MAX}份合同`,
  accepted: '已提交签署，正在后台处理',
  recordNotFound: '签署记录不存在',
  recordFinished: '签署已完成，无法取消',
  cancelled: '已取消未执行的签署',
  unprintable: (chars: string) => `企业名称中的“${chars}”暂不支持生成合同，请联系平台客服`,
  fileGone: '合同文件不存在',
  signFailed: '签署失败，请稍后重试',
  countersignFailed: (party: string) => `${party}的电子签章服务暂不可用，签署未完成，请稍后重新发起`,
  countersignSilent: (party: string) => `${party}的电子签章服务长时间未答复签署结果，签署未完成，请重新发起`,
  expired: '合同已过签署期限',
  revoked: '合同已撤销',
  refused: '签署方已拒签',
  callbackRejected: '回调签名校验失败',
} as const;

/** Operation names shown in the verification dialogs and logs. */
export const OPEN_ACCOUNT_OPERATION = '开通电子签章账户';
export const BATCH_SIGN_OPERATION = '批量签署合同';
