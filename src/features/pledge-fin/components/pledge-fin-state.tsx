import Tag from 'antd/es/tag';
import { PLEDGE_FIN_STATE, PLEDGE_FIN_STATE_LABEL, type PledgeFinState } from '@contract/pledge-fin';

const COLOR: Record<PledgeFinState, string> = {
  [PLEDGE_FIN_STATE.draft]: 'default',
  [PLEDGE_FIN_STATE.approving]: 'processing',
  [PLEDGE_FIN_STATE.signing]: 'blue',
  [PLEDGE_FIN_STATE.lending]: 'cyan',
  [PLEDGE_FIN_STATE.repaying]: 'gold',
  [PLEDGE_FIN_STATE.settled]: 'green',
  [PLEDGE_FIN_STATE.rejected]: 'red',
  [PLEDGE_FIN_STATE.cancelled]: 'default',
};

/** A financing's state as a tag, in the words the domain names it. */
export function PledgeFinStateTag({ state }: { state: PledgeFinState }) {
  return <Tag color={COLOR[state]}>{PLEDGE_FIN_STATE_LABEL[state]}</Tag>;
}
