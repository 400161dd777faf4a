/** What the organisation's agreements answer, in Chinese. */

/** Shown to the licence holder on the confirmation page, and in the SMS. */
export const SIGN_OPERATION = '签署平台服务协议';

export const AGREEMENT_MSG = {
  notFound: '签约记录不存在',
  notOffered: '当前渠道不提供该协议',
  alreadySigned: '该协议已签署',
  released: '该协议已解约',
  inUse: (names: string[]) => `以下已开通的业务依赖该协议，请先关闭后再解约：${names.join('、')}`,
} as const;
