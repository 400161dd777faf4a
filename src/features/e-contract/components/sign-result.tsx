import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import { SIGN_RECORD_STATUS } from '@contract/e-contract';
import type { SignRecordItem, SignRecord } from '@contract/e-contract-schemas';
import { format } from '@/locales/format';
import { eContractMessages } from '@/locales/zh-CN/e-contract';
import { useAppDispatch } from '@/lib/store';
import { invalidateContracts, useSignRecordResultQuery } from '@/features/e-contract/api/e-contract-api';
import { ITEM_COLOR, RECORD_COLOR } from './contract-status';

const text = eContractMessages.sign;
/** How often an unfinished batch is asked for again (the server signs in the background). */
export const RESULT_POLL_MS = 1500;

const unfinished = (record: SignRecord | undefined) =>
  record?.status === SIGN_RECORD_STATUS.pending || record?.status === SIGN_RECORD_STATUS.running;

/** 签署结果: one batch's contracts and how each fared, asked again until the batch has finished. */
export function SignResult({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const [polling, setPolling] = useState(true);
  const result = useSignRecordResultQuery(recordId, { pollingInterval: polling ? RESULT_POLL_MS : 0 });
  const record = result.data;
  const finished = record !== undefined && !unfinished(record);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!finished) return;
    setPolling(false);
    // The contracts and counts behind the dialog change with the batch (the realtime event may not come).
    dispatch(invalidateContracts());
  }, [finished, dispatch]);
  return (
    <Modal open title={text.resultTitle} width={720} onCancel={onClose} footer={null}>
      {result.isError && <Alert type="warning" showIcon title={eContractMessages.records.loadFailed} />}
      {record && (
        <>
          <p role="status">
            <Tag color={RECORD_COLOR[record.status]}>{eContractMessages.recordStatus[record.status]}</Tag>
            {unfinished(record)
              ? text.resultRunning
              : format(text.resultSummary, {
                  total: record.total,
                  signed: record.signed,
                  failed: record.failed,
                })}
          </p>
          <Table<SignRecordItem>
            rowKey="contractId"
            size="small"
            pagination={false}
            dataSource={record.items}
            columns={[
              { title: eContractMessages.list.contractNo, dataIndex: 'contractNo' },
              { title: eContractMessages.list.name, dataIndex: 'title' },
              {
                title: eContractMessages.list.status,
                dataIndex: 'status',
                render: (status: SignRecordItem['status']) => (
                  <Tag color={ITEM_COLOR[status]}>{eContractMessages.itemStatus[status]}</Tag>
                ),
              },
              {
                title: eContractMessages.records.itemMessage,
                dataIndex: 'message',
                render: (value: string | null) => value ?? '—',
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
