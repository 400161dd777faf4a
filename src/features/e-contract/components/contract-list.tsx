import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { BATCH_SIGN_MAX, CONTRACT_STATUS, type ContractStatus } from '@contract/e-contract';
import type { ContractParty, Contract } from '@contract/e-contract-schemas';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useBatchSignMutation, useContractsQuery } from '@/features/e-contract/api/e-contract-api';
import { ContractPreview } from './contract-preview';
import { STATUS_COLOR } from './contract-status';
import { SignResult } from './sign-result';
import { conflictReason } from './conflict';
import styles from './e-contract.module.css';

const text = eContractMessages.list;
export const CONTRACT_PAGE_SIZE = 10;
const STATUS_FILTER_ID = 'e-contract-status-filter';
const ALL = 'all';

/** Waiting for the organisation's signature and still within its signing window. */
export function isSignable(contract: Contract, now = Date.now()): boolean {
  return (
    (contract.status === CONTRACT_STATUS.draft || contract.status === CONTRACT_STATUS.signing) &&
    Date.parse(contract.expiresAt) > now
  );
}

const statusOptions = [
  { value: ALL, label: text.allStatuses },
  ...(Object.keys(eContractMessages.status) as ContractStatus[]).map((status) => ({
    value: status,
    label: eContractMessages.status[status],
  })),
];

/**
 * 合同列表: the organisation's contracts with their parties, business and state, a page at a time; a contract
 * opens in the preview, and the signable ones are selected and signed together (the request layer asks for
 * the QR code or SMS code the server requires).
 */
export function ContractList({ accountOpen }: { accountOpen: boolean }) {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ContractStatus | typeof ALL>(ALL);
  const [selected, setSelected] = useState<Contract[]>([]);
  const [previewing, setPreviewing] = useState<Contract | null>(null);
  const [recordId, setRecordId] = useState<string | null>(null);
  const contracts = useContractsQuery({
    page,
    size: CONTRACT_PAGE_SIZE,
    ...(status === ALL ? {} : { status }),
  });
  const [batchSign, signing] = useBatchSignMutation();

  const signNow = async (chosen: Contract[]) => {
    try {
      const record = await batchSign({ contractIds: chosen.map((c) => c.id) }).unwrap();
      setSelected([]);
      void message.success(eContractMessages.sign.accepted);
      setRecordId(record.recordId);
    } catch (error) {
      const reason = conflictReason(error);
      if (reason) void message.error(reason);
    }
  };

  // The confirmation closes before the call: the verification dialog that follows must not sit under it.
  const confirmSign = () => {
    const chosen = selected;
    modal.confirm({
      title: format(eContractMessages.sign.confirmTitle, { count: chosen.length }),
      content: (
        <>
          <ul className={styles.parties}>
            {chosen.map((c) => (
              <li key={c.id}>
                {c.title}（{c.contractNo}）
              </li>
            ))}
          </ul>
          <p>{eContractMessages.sign.confirmHint}</p>
        </>
      ),
      okText: eContractMessages.sign.confirmOk,
      cancelText: commonMessages.cancel,
      onOk: () => {
        void signNow(chosen);
      },
    });
  };

  const data = contracts.data;
  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <label htmlFor={STATUS_FILTER_ID}>{text.statusFilter}</label>
          <Select<ContractStatus | typeof ALL>
            id={STATUS_FILTER_ID}
            style={{ width: 140 }}
            value={status}
            options={statusOptions}
            onChange={(value) => {
              setStatus(value);
              setPage(0);
              setSelected([]);
            }}
          />
        </div>
        <Button
          type="primary"
          disabled={!accountOpen || selected.length === 0}
          loading={signing.isLoading}
          onClick={confirmSign}
        >
          {selected.length ? format(text.batchSignCount, { count: selected.length }) : text.batchSign}
        </Button>
      </div>
      <Typography.Paragraph type="secondary">
        {accountOpen ? format(text.selectHint, { max: BATCH_SIGN_MAX }) : text.needsAccount}
      </Typography.Paragraph>
      {contracts.isError && <Alert type="warning" showIcon title={text.loadFailed} />}
      <Table<Contract>
        rowKey="id"
        loading={contracts.isFetching}
        dataSource={data?.content ?? []}
        locale={{ emptyText: text.empty }}
        rowSelection={{
          selectedRowKeys: selected.map((c) => c.id),
          onChange: (_keys, rows) => setSelected(rows.slice(0, BATCH_SIGN_MAX)),
          getCheckboxProps: (contract) => ({
            disabled: !accountOpen || !isSignable(contract),
            'aria-label': format(text.selectOf, { no: contract.contractNo }),
          }),
        }}
        pagination={{
          current: (data?.number ?? page) + 1,
          pageSize: CONTRACT_PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          showTotal: (total) => format(text.total, { total }),
          onChange: (next) => {
            setPage(next - 1);
            setSelected([]);
          },
        }}
        columns={[
          { title: text.contractNo, dataIndex: 'contractNo' },
          { title: text.name, dataIndex: 'title' },
          {
            title: text.parties,
            dataIndex: 'parties',
            render: (parties: ContractParty[]) => (
              <ul className={styles.parties}>
                {parties.map((p) => (
                  <li key={`${p.role}${p.creditCode}`}>
                    {p.role}：{p.name}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            title: text.business,
            dataIndex: 'bizType',
            render: (bizType: Contract['bizType']) => eContractMessages.bizType[bizType],
          },
          { title: text.amount, dataIndex: 'amount', align: 'right', render: (v: string) => formatYuan(v) },
          {
            title: text.status,
            dataIndex: 'status',
            render: (value: ContractStatus) => (
              <Tag color={STATUS_COLOR[value]}>{eContractMessages.status[value]}</Tag>
            ),
          },
          { title: text.expiresAt, dataIndex: 'expiresAt', render: (v: string) => formatDateTime(v) },
          {
            title: text.signedAt,
            dataIndex: 'signedAt',
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
          {
            title: text.actions,
            key: 'actions',
            render: (_, contract) => (
              <Button
                size="small"
                aria-label={format(text.previewOf, { title: contract.title, no: contract.contractNo })}
                onClick={() => setPreviewing(contract)}
              >
                {text.preview}
              </Button>
            ),
          },
        ]}
      />
      {previewing && <ContractPreview contract={previewing} onClose={() => setPreviewing(null)} />}
      {recordId && <SignResult recordId={recordId} onClose={() => setRecordId(null)} />}
    </>
  );
}
