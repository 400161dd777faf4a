import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import { SIGN_RECORD_STATUS } from '@contract/e-contract';
import type { SignRecord } from '@contract/e-contract-schemas';
import { format } from '@/locales/format';
import { commonMessages } from '@/locales/zh-CN/common';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { formatDateTime } from '@/utils/date-time';
import { useCancelSignRecordMutation, useSignRecordsQuery } from '@/features/e-contract/api/e-contract-api';
import { conflictReason } from './conflict';
import { RECORD_COLOR } from './contract-status';
import { SignResult } from './sign-result';

const text = eContractMessages.records;
const RECORD_PAGE_SIZE = 10;

const cancellable = (record: SignRecord) =>
  record.status === SIGN_RECORD_STATUS.pending || record.status === SIGN_RECORD_STATUS.running;

/** 签署记录: the organisation's batch signings, newest first, each with its result and, while unfinished, cancel. */
export function SignRecords() {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const records = useSignRecordsQuery({ page, size: RECORD_PAGE_SIZE });
  const [cancel, cancelling] = useCancelSignRecordMutation();

  const confirmCancel = (record: SignRecord) =>
    modal.confirm({
      title: text.cancel,
      content: text.cancelConfirm,
      okText: text.cancel,
      okButtonProps: { danger: true },
      cancelText: commonMessages.cancel,
      onOk: async () => {
        try {
          await cancel(record.recordId).unwrap();
          void message.success(text.cancelled);
        } catch (error) {
          const reason = conflictReason(error);
          if (reason) void message.error(reason);
        }
      },
    });

  const data = records.data;
  if (records.isError) return <Alert type="warning" showIcon title={text.loadFailed} />;
  return (
    <>
      <Table<SignRecord>
        rowKey="recordId"
        loading={records.isFetching}
        dataSource={data?.content ?? []}
        locale={{ emptyText: text.empty }}
        pagination={{
          current: (data?.number ?? page) + 1,
          pageSize: RECORD_PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          onChange: (next) => setPage(next - 1),
        }}
        columns={[
          { title: text.createdAt, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: text.contracts,
            key: 'contracts',
            render: (_, record) => record.items.map((item) => item.contractNo).join('、'),
          },
          { title: text.total, dataIndex: 'total' },
          { title: text.signed, dataIndex: 'signed' },
          { title: text.failed, dataIndex: 'failed' },
          {
            title: text.status,
            dataIndex: 'status',
            render: (status: SignRecord['status']) => (
              <Tag color={RECORD_COLOR[status]}>{eContractMessages.recordStatus[status]}</Tag>
            ),
          },
          {
            title: text.finishedAt,
            dataIndex: 'finishedAt',
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
          },
          {
            title: text.actions,
            key: 'actions',
            render: (_, record) => {
              const time = formatDateTime(record.createdAt, { seconds: true });
              return (
                <Space>
                  <Button
                    size="small"
                    aria-label={format(text.viewOf, { time })}
                    onClick={() => setViewing(record.recordId)}
                  >
                    {text.view}
                  </Button>
                  {cancellable(record) && (
                    <Button
                      size="small"
                      danger
                      loading={cancelling.isLoading && cancelling.originalArgs === record.recordId}
                      aria-label={format(text.cancelOf, { time })}
                      onClick={() => confirmCancel(record)}
                    >
                      {text.cancel}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {viewing && <SignResult recordId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
