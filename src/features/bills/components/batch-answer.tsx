import { useState } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Big from 'big.js';
import type { BatchAnswerResult, BillApplication } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { formatYuan } from '@/utils/amount';
import {
  useBatchRefuseApplicationsMutation,
  useBatchSignApplicationsMutation,
} from '@/features/bills/api/bills-api';
import { AccountField, ActSummary, RefusalReasonField, useActRefusal } from './ledger-acts';

const text = billMessages;

export type BatchKind = 'sign' | 'refuse';

/** The selected rows as one act: their count, their total, their applicants. */
export function batchSummaryOf(kind: BatchKind, rows: readonly BillApplication[]) {
  const names = [...new Set(rows.map((row) => row.applicant.name))];
  return {
    operation: text.batchTitle(kind === 'sign' ? text.batchSign : text.batchRefuse, rows.length),
    amount: rows.reduce((sum, row) => sum.plus(row.amount), new Big(0)).toFixed(2),
    counterparty: names.join('、'),
  };
}

interface BatchFields {
  accountId?: string;
  reason?: string;
}

/**
 * 批量签收 / 批量驳回: the selected rows summed up and listed, one confirmation for all of them, then a
 * result per row; a partial success says so and lists why the other rows were not answered.
 * `onClose(answered)`: whether any row was answered (the selection is then spent).
 */
export function BatchAnswerModal({
  kind,
  rows,
  onClose,
}: {
  kind: BatchKind;
  rows: readonly BillApplication[];
  onClose: (answered: boolean) => void;
}) {
  const [form] = Form.useForm<BatchFields>();
  const [sign, signing] = useBatchSignApplicationsMutation();
  const [refuse, refusing] = useBatchRefuseApplicationsMutation();
  const refused = useActRefusal();
  const [result, setResult] = useState<BatchAnswerResult | null>(null);
  const summary = batchSummaryOf(kind, rows);
  const ids = rows.map((row) => row.id);

  const submit = async (fields: BatchFields) => {
    const answer =
      kind === 'sign'
        ? await sign({ ids, accountId: fields.accountId })
        : await refuse({ ids, reason: (fields.reason ?? '').trim() });
    if ('data' in answer && answer.data) setResult(answer.data);
    else if (refused(answer.error)) onClose(false);
  };

  const rowOf = (id: string) => rows.find((row) => row.id === id);
  const title = summary.operation;
  if (result) {
    const allDone = result.failed === 0;
    return (
      <Modal
        open
        title={text.batchResultTitle}
        onOk={() => onClose(true)}
        onCancel={() => onClose(true)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert
          showIcon
          type={allDone ? 'success' : result.succeeded === 0 ? 'error' : 'warning'}
          title={
            allDone
              ? text.batchAllDone(kind === 'sign' ? text.sign : text.refuse, result.succeeded)
              : result.succeeded === 0
                ? text.batchNoneDone
                : text.batchPartly(result.succeeded, result.failed)
          }
          style={{ marginBottom: 12 }}
        />
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={result.results}
          columns={[
            { title: text.packageNo, key: 'no', render: (_, r) => rowOf(r.id)?.packageNo },
            {
              title: text.amount,
              key: 'amount',
              align: 'right',
              render: (_, r) => formatYuan(rowOf(r.id)?.amount),
            },
            {
              title: text.result,
              key: 'result',
              render: (_, r) =>
                r.ok ? (
                  <Tag color="green">{text.done}</Tag>
                ) : (
                  <>
                    <Tag color="red">{text.notDone}</Tag>
                    {r.msg}
                  </>
                ),
            },
          ]}
        />
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={text.confirmTitle(title)}
      okText={text.confirm}
      cancelText={text.cancel}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      confirmLoading={signing.isLoading || refusing.isLoading}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{text.confirmHint}</Typography.Paragraph>
      <ActSummary
        operation={title}
        packageNo={rows.length === 1 ? (rows[0]?.packageNo ?? null) : rows.map((r) => r.packageNo).join('、')}
        amount={summary.amount}
        counterparty={summary.counterparty}
        range={rows.length === 1 ? (rows[0]?.range ?? null) : rows.map((r) => r.range).join('、')}
      />
      <Form<BatchFields>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        onFinish={(fields) => void submit(fields)}
      >
        {kind === 'sign' ? <AccountField /> : <RefusalReasonField />}
      </Form>
    </Modal>
  );
}
