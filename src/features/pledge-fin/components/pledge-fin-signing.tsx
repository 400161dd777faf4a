import type { ReactNode } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import { useNavigate } from 'react-router';
import type { Contract } from '@contract/e-contract-schemas';
import { PLEDGE_FIN_STATE, type PledgeFinState } from '@contract/pledge-fin';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { pledgeFinancingStartPath } from '@/config/paths';
import { pledgeFinMessages } from '@/locales/zh-CN/pledge-fin';
import {
  usePledgeFinContractsQuery,
  useRetryPledgeFinCountersignMutation,
  useRetryPledgeFinPayoutMutation,
} from '../api/pledge-fin-api';

const text = pledgeFinMessages;

/**
 * How the screen signs the contracts: the e-contract module's account, preview and batch sign, composed by
 * the app (a feature does not import another). Without it the contracts are only listed.
 */
export type ContractSigner = (contracts: Contract[]) => ReactNode;

/**
 * The sign page's contracts (待签约): the loan contract and the pledge contract, signed together. Once signed
 * the financing moves on and the page says where the money went, with the way to the interest page.
 */
export function SigningSection({
  id,
  state,
  signer,
}: {
  id: string;
  state: PledgeFinState;
  signer?: ContractSigner | undefined;
}) {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [retry, retrying] = useRetryPledgeFinPayoutMutation();
  const waiting = state === PLEDGE_FIN_STATE.signing;
  const contracts = usePledgeFinContractsQuery(id, { skip: !waiting });
  // 放款中 lasts only while the bank refused the pay-out: the pay-out follows the signatures at once.
  const askRetry = () =>
    modal.confirm({
      title: text.retryPayoutConfirmTitle,
      content: text.retryPayoutConfirm,
      okText: text.confirm,
      cancelText: text.close,
      onOk: async () => {
        const done = await retry({ id });
        if ('data' in done) {
          const paidOut = done.data?.state === PLEDGE_FIN_STATE.repaying;
          void (paidOut ? message.success(text.signedDone) : message.warning(text.payoutStillRefused));
        }
      },
    });
  if (state === PLEDGE_FIN_STATE.lending) {
    return (
      <Alert
        type="warning"
        showIcon
        title={text.payoutRefusedHint}
        action={
          <Button size="small" type="primary" loading={retrying.isLoading} onClick={askRetry}>
            {text.retryPayout}
          </Button>
        }
      />
    );
  }
  if (state === PLEDGE_FIN_STATE.repaying) {
    return (
      <Alert
        type="success"
        showIcon
        title={state === PLEDGE_FIN_STATE.repaying ? text.signedDone : text.signedWaiting}
        action={
          state === PLEDGE_FIN_STATE.repaying && (
            <Button
              type="primary"
              size="small"
              onClick={() => void navigate(pledgeFinancingStartPath('interest', id))}
            >
              {text.toInterest}
            </Button>
          )
        }
      />
    );
  }
  if (!waiting) return null;
  const list = contracts.data ?? [];
  return (
    <Card title={<CardTitle>{text.contractsTitle}</CardTitle>} loading={contracts.isLoading}>
      <p>{text.contractsHint}</p>
      <CountersignState id={id} contracts={list} />
      {signer ? (
        signer(list)
      ) : (
        <Table<Contract>
          rowKey="id"
          size="small"
          aria-label={text.contractsTitle}
          pagination={false}
          dataSource={list}
          locale={{ emptyText: text.contractsLoading }}
          columns={[
            { title: text.contractName, dataIndex: 'title', key: 'title' },
            { title: text.contractNo, dataIndex: 'contractNo', key: 'no' },
          ]}
        />
      )}
    </Card>
  );
}

/**
 * The institution's side once the organisation signed both contracts: its signature under way, or failed
 * (its e-sign service down) with the way to ask for it again after a confirmation. Nothing before then.
 */
function CountersignState({ id, contracts }: { id: string; contracts: Contract[] }) {
  const { message, modal } = App.useApp();
  const [retry, retrying] = useRetryPledgeFinCountersignMutation();
  const signedByUs = contracts.length > 0 && contracts.every((c) => c.signedAt !== null);
  const failed = contracts.find((c) => c.counterError !== null);
  if (!signedByUs && !failed) return null;
  if (!failed) {
    return contracts.some((c) => c.counterSignedAt === null) ? (
      <Alert type="info" showIcon title={text.countersignWaiting} />
    ) : null;
  }
  const askRetry = () =>
    modal.confirm({
      title: text.retryCountersignConfirmTitle,
      content: text.retryCountersignConfirm,
      okText: text.confirm,
      cancelText: text.close,
      onOk: async () => {
        const done = await retry({ id });
        if ('data' in done) void message.success(text.countersignRestarted);
      },
    });
  return (
    <Alert
      type="error"
      showIcon
      title={text.countersignFailed(failed.counterError ?? '')}
      action={
        <Button size="small" type="primary" danger loading={retrying.isLoading} onClick={askRetry}>
          {text.retryCountersign}
        </Button>
      }
    />
  );
}
