import { AGREEMENTS, PREREQUISITE, type Prerequisite } from '@contract/organization';
import type { LicenceBizType } from '@contract/elec-licence';
import type { FuncCode } from '@contract/shell';
import { LICENCE_BUSINESS } from './rules';

/** What the organisation's functions answer, in Chinese. */
export const FUNCTION_MSG = {
  unknown: '不支持的功能',
  comingSoon: (name: string) => `「${name}」即将上线，暂不能开通`,
  notOffered: (name: string) => `贵司的默认渠道未提供「${name}」`,
  openedWithEsignAccount: (name: string) =>
    `「${name}」随电子签章账户开通，请前往电子合同签署页面开通电子签章账户`,
  notOpened: (name: string) => `贵司尚未开通「${name}」功能，请由企业管理员在工作台「企业开通功能」中开通`,
};

const BUSINESS_NAME: Record<LicenceBizType, string> = {
  SCBILL: '供应链票据业务',
  PLEDGE_FIN: '质押融资业务',
  ECONTRACT: '电子合同签署',
};

const PREREQUISITE_TEXT: Record<Prerequisite, string> = {
  [PREREQUISITE.authentication]: '企业认证',
  [PREREQUISITE.settlementAccount]: '结算账户验证',
  [PREREQUISITE.agreement]: '签署协议',
  [PREREQUISITE.businessAuthorisation]: '电子营业执照业务授权',
};

/** Names what is missing, the agreement and the business by name: 开通前请先完成：企业认证、签署《…》. */
export function prerequisitesMessage(missing: Prerequisite[], funcCode: FuncCode): string {
  const agreement = AGREEMENTS.find((a) => (a.functions as readonly string[]).includes(funcCode));
  const business = LICENCE_BUSINESS[funcCode];
  const names = missing.map((item) => {
    if (item === PREREQUISITE.agreement && agreement) return `签署《${agreement.name}》`;
    if (item === PREREQUISITE.businessAuthorisation && business) {
      return `电子营业执照「${BUSINESS_NAME[business]}」授权`;
    }
    return PREREQUISITE_TEXT[item];
  });
  return `开通前请先完成：${names.join('、')}`;
}
