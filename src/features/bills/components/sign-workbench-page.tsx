import { ExclamationCircleFilled } from '@ant-design/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { REFUSAL_REASON_MAX, SIGN_WORKBENCH_BILL_PARAM } from '@contract/bills';
import type { BillApplication } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  usePendingApplicationsQuery,
  useRefuseApplicationMutation,
  useSignApplicationMutation,
} from '@/features/bills/api/bills-api';
import { useBillDetail } from './bill-detail-drawer';
import { useBillListFilter } from './bill-filter-bar';
import { BillList } from './bill-list';
import { CardTitle } from '@/components/card-title/card-title';

const text = billMessages;

/**
 * 待签收: applications waiting for the organisation's answer, signed or refused (with a reason) here. Opened
 * from a to-do notice (`?bill=`), it shows that bill's applications until the user asks for all of them.
 */
export function SignWorkbenchPage({ canExport = false }: { canExport?: boolean }) {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const packageId = params.get(SIGN_WORKBENCH_BILL_PARAM) || undefined;
  const list = useBillListFilter('pending');
  const detail = useBillDetail();
  const [refusing, setRefusing] = useState<BillApplication | null>(null);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const pending = usePendingApplicationsQuery({ ...list.args, packageId });
  // The same filter over every bill, from the first page: Back returns to the one bill.
  const showAll = () => list.search(list.filter, (next) => next.delete(SIGN_WORKBENCH_BILL_PARAM));
  const [sign, signing] = useSignApplicationMutation();
  const [refuse, refusingCall] = useRefuseApplicationMutation();

  const submitRefusal = async ({ reason }: { reason: string }) => {
    if (!refusing) return;
    const result = await refuse({ id: refusing.id, reason: reason.trim() });
    if ('data' in result) {
      message.success(text.refused);
      setRefusing(null);
      reasonForm.resetFields();
    }
  };

  const columns: ColumnsType<BillApplication> = [
    { title: text.kind, key: 'kind', render: (_, a) => <Tag color="gold">{a.kindLabel}</Tag> },
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.applicant, key: 'applicant', render: (_, a) => a.applicant.name },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    { title: text.appliedAt, key: 'appliedAt', render: (_, a) => formatDateTime(a.appliedAt) },
    {
      title: text.actions,
      key: 'actions',
      render: (_, a) => (
        <>
          {detail.link(a.packageId)}
          <Popconfirm
            icon={<ExclamationCircleFilled aria-hidden />}
            title={text.confirmSign}
            onConfirm={() => void sign(a.id).then((r) => 'data' in r && message.success(text.signed))}
          >
            <Button type="link" loading={signing.isLoading && signing.originalArgs === a.id}>
              {text.sign}
            </Button>
          </Popconfirm>
          <Button type="link" danger onClick={() => setRefusing(a)}>
            {text.refuse}
          </Button>
        </>
      ),
    },
  ];

  return (
    <Card title={<CardTitle level={1}>{text.workbenchTitle}</CardTitle>}>
      {packageId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={text.oneBillOnly(pending.data?.content[0]?.packageNo ?? '')}
          action={
            <Button size="small" onClick={showAll}>
              {text.showAll}
            </Button>
          }
        />
      )}
      <BillList
        state={list}
        result={pending}
        columns={columns}
        emptyText={text.emptyPending}
        counterpartyLabel={text.applicant}
        list="bills-pending"
        canExport={canExport}
        restrictedTo={{ packageId }}
      />
      <Modal
        open={refusing !== null}
        title={text.refuseTitle}
        onCancel={() => setRefusing(null)}
        onOk={() => reasonForm.submit()}
        confirmLoading={refusingCall.isLoading}
        destroyOnHidden
      >
        <Form form={reasonForm} layout="vertical" onFinish={(values) => void submitRefusal(values)}>
          <Form.Item
            name="reason"
            label={text.refuseReason}
            rules={[{ required: true, whitespace: true, message: text.refuseReasonRequired }]}
          >
            <Input.TextArea maxLength={REFUSAL_REASON_MAX} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      {detail.drawer}
    </Card>
  );
}
