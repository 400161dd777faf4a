import Big from 'big.js';
import Descriptions from 'antd/es/descriptions';
import { CLAIM_BASIS } from '@contract/recourse';
import type { RecourseClaim } from '@contract/recourse-schemas';
import { normaliseAmount } from '@/components/amount-input/amount';
import { recourseMessages } from '@/locales/zh-CN/recourse';
import { formatYuan } from '@/utils/amount';

const text = recourseMessages;

/** The claim with the costs typed so far, added exactly (big.js): what the notice will ask. */
export function withCosts(claim: RecourseClaim, typed: string | undefined): { costs: string; total: string } {
  const plain = normaliseAmount(typed ?? '');
  const costs = /^\d+(\.\d{1,2})?$/.test(plain) ? new Big(plain) : new Big(0);
  return { costs: costs.toFixed(2), total: new Big(claim.total).plus(costs).toFixed(2) };
}

/**
 * How a recourse claim is made up (docs/domain.md, recourse): the amount it runs on (the face, or for a further
 * recourse what the pursuer paid: the claim says which), interest over its days at the platform's rate, costs,
 * total. The 追索 page and the sandbox's pledgee form show the same.
 */
export function ClaimMakeUp({ claim, costs, total }: { claim: RecourseClaim; costs: string; total: string }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={text.claimTitle}
      items={[
        {
          key: 'face',
          label: claim.basis === CLAIM_BASIS.paid ? text.paidAmount : text.face,
          children: formatYuan(claim.face),
        },
        { key: 'rate', label: text.rate, children: `${claim.rate}%` },
        {
          key: 'period',
          label: text.interestPeriod,
          children: text.interestDays(claim.interestFrom, claim.interestTo, claim.days),
        },
        { key: 'interest', label: text.interest, children: formatYuan(claim.interest) },
        { key: 'costs', label: text.costs, children: formatYuan(costs) },
        { key: 'total', label: text.total, children: <strong>{formatYuan(total)}</strong> },
      ]}
    />
  );
}
