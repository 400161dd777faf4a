import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import type { ContractStatus } from '@contract/e-contract';
import type { Contract } from '@contract/e-contract-schemas';
import { Table } from '@/components/data-table/data-table';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { pledgeFinMessages } from '@/locales/zh-CN/pledge-fin';
import { useAccountStateQuery, useBatchSignMutation } from '@/features/e-contract/api/e-contract-api';
import { AccountCard } from '@/features/e-contract/components/account-card';
import { conflictReason } from '@/features/e-contract/components/conflict';
import { isSignable } from '@/features/e-contract/components/contract-list';
import { ContractPreview } from '@/features/e-contract/components/contract-preview';
import { STATUS_COLOR } from '@/features/e-contract/components/contract-status';
import { SignResult } from '@/features/e-contract/components/sign-result';

const list = eContractMessages.list;
const text = pledgeFinMessages;

/**
 * A financing's two contracts on its sign page, signed with the e-contract module's pieces: the e-sign
 * account opened first where it is not, each contract previewed, both signed by one batch (the request layer
 * asks for the QR or SMS confirmation), the batch's result shown until it has finished.
 */
export function FinancingContractSigner({ contracts }: { contracts: Contract[] }) {
  const { message, modal } = App.useApp();
  const account = useAccountStateQuery();
  const [batchSign, signing] = useBatchSignMutation();
  const [previewing, setPreviewing] = useState<Contract | null>(null);
  const [recordId, setRecordId] = useState<string | null>(null);
  const open = account.data?.open ?? false;
  const signable = contracts.length > 0 && contracts.every((contract) => isSignable(contract));

  const signBoth = () =>
    modal.confirm({
      title: format(eContractMessages.sign.confirmTitle, { count: contracts.length }),
      content: eContractMessages.sign.confirmHint,
      okText: eContractMessages.sign.confirmOk,
      cancelText: commonMessages.cancel,
      // The confirmation closes before the call: the verification dialog that follows must not sit under it.
      onOk: () => {
        void batchSign({ contractIds: contracts.map((c) => c.id) })
          .unwrap()
          .then((record) => {
            void message.success(eContractMessages.sign.accepted);
            setRecordId(record.recordId);
          })
          .catch((error: unknown) => {
            const reason = conflictReason(error);
            if (reason) void message.error(reason);
          });
      },
    });

  return (
    <>
      {account.data && !open && <AccountCard />}
      <Table<Contract>
        rowKey="id"
        size="small"
        aria-label={text.contractsTitle}
        pagination={false}
        dataSource={contracts}
        locale={{ emptyText: text.contractsLoading }}
        columns={[
          { title: text.contractName, dataIndex: 'title', key: 'title' },
          { title: text.contractNo, dataIndex: 'contractNo', key: 'no' },
          {
            title: text.contractStatus,
            dataIndex: 'status',
            key: 'status',
            render: (status: ContractStatus) => (
              <Tag color={STATUS_COLOR[status]}>{eContractMessages.status[status]}</Tag>
            ),
          },
          {
            title: list.actions,
            key: 'actions',
            render: (_, contract) => (
              <Button
                size="small"
                aria-label={format(list.previewOf, { title: contract.title, no: contract.contractNo })}
                onClick={() => setPreviewing(contract)}
              >
                {list.preview}
              </Button>
            ),
          },
        ]}
      />
      <p>{open ? null : list.needsAccount}</p>
      <Button type="primary" disabled={!open || !signable} loading={signing.isLoading} onClick={signBoth}>
        {format(list.batchSignCount, { count: contracts.length })}
      </Button>
      {previewing && <ContractPreview contract={previewing} onClose={() => setPreviewing(null)} />}
      {recordId && <SignResult recordId={recordId} onClose={() => setRecordId(null)} />}
    </>
  );
}
