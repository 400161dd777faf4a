import { CONTRACT_BIZ_TYPE, type ContractBizType } from '@contract/e-contract';
import type { ContractParty } from '@contract/e-contract-schemas';
import type { ContractContent } from '../../lib/pdf/contract-pdf';

/**
 * The contract templates, one per kind of business record. The platform operator is the first party of
 * an organisation agreement; the organisation signs as the second. A pledge-financing contract names the
 * financing bank as the first party.
 */
export interface TemplateInput {
  contractNo: string;
  org: { name: string; creditCode: string };
  counterparty: { name: string; creditCode: string };
  /** Yuan. */
  amount: string;
  dateText: string;
  /** What the record is about, where its kind has several: its title and the services it covers. */
  subject?: ContractSubject | undefined;
}

export interface ContractSubject {
  title: string;
  /** Fills `{services}` in the template's clauses. */
  services: string;
}

interface Template {
  title: string;
  /** `{services}` where the record names none. */
  services?: string;
  roles: [string, string];
  clauses: string[];
}

export const CONTRACT_TEMPLATES: Record<ContractBizType, Template> = {
  [CONTRACT_BIZ_TYPE.orgAgreement]: {
    title: '供应链票据平台服务协议',
    services: '供应链票据的签发、背书、贴现、质押、质押融资',
    roles: ['甲方', '乙方'],
    clauses: [
      '第一条 服务内容。甲方为乙方提供{services}等线上服务，乙方以其在甲方平台认证的企业身份使用上述服务。',
      '第二条 服务费用。乙方按年向甲方支付平台服务费，本年度服务费为{amount}，于本协议生效之日起十个工作日内支付至甲方指定账户。',
      '第三条 乙方义务。乙方应保证其提交的企业信息、经办人信息及银行账户信息真实、准确、完整，并妥善保管账户密码、电子营业执照及短信验证码，因乙方保管不善造成的损失由乙方承担。',
      '第四条 甲方义务。甲方应保障平台安全、稳定运行，依法保护乙方的商业信息，不得向第三方泄露，法律法规另有规定的除外。',
      '第五条 电子签名。双方同意以可靠的电子签名签署本协议，电子签名与手写签名或者盖章具有同等法律效力。',
      '第六条 争议解决。因本协议引起的争议，双方应友好协商解决；协商不成的，任何一方可向甲方所在地人民法院提起诉讼。',
      '第七条 本协议自双方签署之日起生效，有效期一年。',
    ],
  },
  [CONTRACT_BIZ_TYPE.pledgeFinancing]: {
    title: '供应链票据质押融资合同',
    roles: ['贷款人', '借款人'],
    services: '融资期限、利率及付息方式以融资申请记载为准',
    clauses: [
      '第一条 融资金额。贷款人同意向借款人提供质押融资，融资本金为{amount}。',
      '第二条 融资条件。{services}。',
      '第三条 质押物。借款人以其持有的供应链票据作为质押物，质押期间借款人不得转让、再质押该票据。',
      '第四条 还款。借款人应按约定付息日支付利息，于融资到期日归还本金；逾期未付的款项按约定罚息利率计收罚息，贷款人有权在借款人未按期还款时处置质押票据。',
      '第五条 电子签名。双方同意以可靠的电子签名签署本合同，电子签名与手写签名或者盖章具有同等法律效力。',
      '第六条 本合同自双方签署之日起生效。',
    ],
  },
  [CONTRACT_BIZ_TYPE.pledgeFinancingPledge]: {
    title: '供应链票据质押合同',
    services: '出质人持有的供应链票据',
    roles: ['质权人', '出质人'],
    clauses: [
      '第一条 被担保的债权。出质人以下列票据为质权人依借款合同发放的融资本金{amount}及其利息、罚息提供质押担保。',
      '第二条 质押票据。{services}。',
      '第三条 质押登记。双方签署本合同后，出质人在供应链票据平台将上述票据质押给质权人，质押期间票据由出质人持有并记载“已质押”，不得背书转让、贴现或再质押。',
      '第四条 质押解除。借款人清偿全部本息后，质权人申请解除质押，出质人签收后票据恢复可流通。',
      '第五条 票据到期。质押期间票据到期的，由质权人提示付款，所得款项用于清偿被担保的债权，余款归出质人所有。',
      '第六条 电子签名。双方同意以可靠的电子签名签署本合同，电子签名与手写签名或者盖章具有同等法律效力。',
      '第七条 本合同自双方签署之日起生效。',
    ],
  },
};

export function contractContent(bizType: ContractBizType, input: TemplateInput): ContractContent {
  const template = CONTRACT_TEMPLATES[bizType];
  const parties: ContractParty[] = [
    { role: template.roles[0], ...input.counterparty },
    { role: template.roles[1], ...input.org },
  ];
  const services = input.subject?.services ?? template.services ?? '';
  return {
    title: input.subject?.title ?? template.title,
    contractNo: input.contractNo,
    parties,
    clauses: template.clauses.map((clause) => clause.replaceAll('{services}', services)),
    amount: input.amount,
    dateText: input.dateText,
  };
}

/** The organisation is the second party of every template. */
export const ORG_PARTY_INDEX = 1;
