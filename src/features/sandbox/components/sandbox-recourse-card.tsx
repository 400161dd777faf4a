import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import { RECOURSE_ACT, RECOURSE_STATUS, RECOURSE_TEXT_MAX } from '@contract/recourse';
import type { RecourseRecord } from '@contract/recourse-schemas';
import { ActSummary } from '@/components/act-summary/act-summary';
import { recourseNoticeColumns } from '@/components/recourse-claim/recourse-columns';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { recourseMessages } from '@/locales/zh-CN/recourse';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { formatDateTime } from '@/utils/date-time';
import {
  useSandboxAnswerRecourseMutation,
  useSandboxRecourseNoticesQuery,
  useSandboxWithdrawRecourseMutation,
} from '@/features/sandbox/api/sandbox-api';
import { say } from './sandbox-say';
import styles from './sandbox.module.css';

const text = sandboxMessages;

type Act = 'withdraw' | 'sign' | 'reject';

const OPERATION: Record<Act, string> = {
  withdraw: text.withdrawOperation,
  sign: text.signOperation,
  reject: text.rejectOperation,
};

/** What the institution's act is about: the notice's range, the amount at stake and the party pursued. */
const summaryOf = (act: Act, r: RecourseRecord) => ({
  operation: OPERATION[act],
  packageNo: r.packageNo,
  amount: act === 'withdraw' ? r.claim.total : (r.agreedAmount ?? r.claim.total),
  counterparty: r.debtor.name,
  range: r.range,
});

/**
 * The recourse notices the sandbox institutions sent as pledgees, with what waits on them: 撤回 of a notice
 * the party has not answered, 签收 or 驳回 of a party's 同意清偿, each confirmed, in the institution's place.
 */
export function SandboxRecourseCard() {
  const list = useSandboxRecourseNoticesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [acting, setActing] = useState<{ act: Act; record: RecourseRecord } | null>(null);
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const [answer, answering] = useSandboxAnswerRecourseMutation();
  const [withdraw, withdrawing] = useSandboxWithdrawRecourseMutation();

  const run = async () => {
    if (!acting) return;
    const { act, record } = acting;
    if (act === 'withdraw') {
      const result = await withdraw(record.id);
      if ('data' in result) say.success(text.withdrawn);
    } else if (act === 'reject') {
      const typed = await rejectForm.validateFields().catch(() => null);
      if (!typed) return;
      const result = await answer({ id: record.id, decision: 'reject', reason: typed.reason.trim() });
      if ('data' in result) say.success(text.rejected);
    } else {
      const result = await answer({ id: record.id, decision: 'sign' });
      if ('data' in result) {
        // A 线上 payment the bank refused sends the 同意清偿 back: the notice says why.
        const after = (await list.refetch()).data?.find((n) => n.id === record.id);
        if (after && after.status !== RECOURSE_STATUS.paid)
          say.warning(text.signedUnpaid(after.rejectReason ?? ''));
        else say.success(text.signedPaid);
      }
    }
    setActing(null);
    rejectForm.resetFields();
  };

  const columns: ColumnsType<RecourseRecord> = [
    { title: text.billNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.pledgeRange, dataIndex: 'range', key: 'range' },
    { title: text.pursuer, key: 'pursuer', render: (_, r) => r.pursuer.name },
    ...recourseNoticeColumns(),
    { title: recourseMessages.notifiedAt, key: 'notifiedAt', render: (_, r) => formatDateTime(r.notifiedAt) },
    {
      title: text.recourseActions,
      key: 'actions',
      render: (_, r) => (
        <Space size="small" wrap>
          {r.actions.includes(RECOURSE_ACT.sign) && (
            <Button size="small" type="primary" onClick={() => setActing({ act: 'sign', record: r })}>
              {text.sign}
            </Button>
          )}
          {r.actions.includes(RECOURSE_ACT.reject) && (
            <Button size="small" danger onClick={() => setActing({ act: 'reject', record: r })}>
              {text.reject}
            </Button>
          )}
          {r.actions.includes(RECOURSE_ACT.withdraw) && (
            <Button size="small" onClick={() => setActing({ act: 'withdraw', record: r })}>
              {text.withdraw}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={<CardTitle>{text.recourseTitle}</CardTitle>}
      loading={list.isLoading}
      extra={
        <Button size="small" onClick={() => void list.refetch()}>
          {text.refresh}
        </Button>
      }
    >
      <p className={styles.cardIntro}>{text.recourseIntro}</p>
      <Table<RecourseRecord>
        rowKey="id"
        size="small"
        aria-label={text.recourseLabel}
        columns={columns}
        dataSource={list.isError ? [] : (list.currentData ?? [])}
        locale={{ emptyText: text.recourseEmpty }}
        pagination={false}
      />
      {acting && (
        <Modal
          open
          title={text.confirmAct(OPERATION[acting.act])}
          okText={acting.act === 'reject' ? text.reject : text.confirmAct(OPERATION[acting.act])}
          cancelText={text.cancel}
          okButtonProps={acting.act === 'reject' ? { danger: true } : undefined}
          onOk={() => void run()}
          onCancel={() => {
            setActing(null);
            rejectForm.resetFields();
          }}
          confirmLoading={answering.isLoading || withdrawing.isLoading}
          destroyOnHidden
        >
          <Typography.Paragraph type="secondary">{text.actConfirmHint}</Typography.Paragraph>
          <ActSummary {...summaryOf(acting.act, acting.record)} />
          {acting.act === 'reject' && (
            <Form
              form={rejectForm}
              layout="vertical"
              name="sandbox-recourse-reject"
              className={styles.formGap}
            >
              <Form.Item
                name="reason"
                label={text.rejectReason}
                rules={[{ required: true, whitespace: true, message: text.rejectReasonRequired }]}
              >
                <Input.TextArea maxLength={RECOURSE_TEXT_MAX} showCount rows={3} />
              </Form.Item>
            </Form>
          )}
        </Modal>
      )}
    </Card>
  );
}
