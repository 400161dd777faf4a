import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import Big from 'big.js';
import type { Dayjs } from 'dayjs';
import type { PayableDay } from '@contract/bills-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { payableMessages } from '@/locales/zh-CN/payment';
import { formatYuan } from '@/utils/amount';
import { usePayableDaysQuery } from '@/features/payment/api/payment-api';
import styles from './payment.module.css';

const text = payableMessages;
const PAGE_SIZE = 20;
const DATE_FORMAT = 'YYYY-MM-DD';

interface RangeFields {
  due?: [Dayjs | null, Dayjs | null] | null;
}

/** The bills and the amount of the rows shown, added with big.js (the amounts are decimal strings). */
export function totalsOf(days: readonly PayableDay[]): { bills: number; amount: string } {
  return {
    bills: days.reduce((sum, day) => sum + day.bills, 0),
    amount: days.reduce((sum, day) => sum.plus(day.amount), new Big(0)).toFixed(2),
  };
}

/**
 * 应付票据: what the organisation, as acceptor, pays at each coming due date (from today, or the dates
 * chosen), with the business day the money leaves its settlement account, and the totals of the dates shown.
 */
export function PayablePage() {
  const [form] = Form.useForm<RangeFields>();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [page, setPage] = useState(0);
  const list = usePayableDaysQuery({ page, size: PAGE_SIZE, ...range });
  const days = list.data?.content ?? [];
  const totals = totalsOf(days);

  const columns: ColumnsType<PayableDay> = [
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: text.payDay,
      key: 'payDay',
      render: (_, day) =>
        day.payDay === day.dueDate ? (
          day.payDay
        ) : (
          <>
            {day.payDay}
            <span className={styles.note}>{text.rolled}</span>
          </>
        ),
    },
    { title: text.bills, dataIndex: 'bills', key: 'bills', align: 'right' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
  ];

  return (
    <div className={styles.page}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <p className={styles.intro}>{text.intro}</p>
        <Form<RangeFields>
          form={form}
          layout="inline"
          className={styles.filters}
          onFinish={(values) => {
            const [from, to] = values.due ?? [null, null];
            setRange({
              ...(from ? { from: from.format(DATE_FORMAT) } : {}),
              ...(to ? { to: to.format(DATE_FORMAT) } : {}),
            });
            setPage(0);
          }}
        >
          <Form.Item name="due" label={text.dueFilter}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[text.from, text.to]}
              format={DATE_FORMAT}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {text.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setRange({});
              setPage(0);
            }}
          >
            {text.reset}
          </Button>
        </Form>
        {days.length > 0 && (
          <p className={styles.totals} role="status">
            {text.totals((list.data?.totalPages ?? 1) > 1, totals.bills, formatYuan(totals.amount))}
          </p>
        )}
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={text.loadFailed}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {text.retry}
              </Button>
            }
          />
        )}
        <Table<PayableDay>
          rowKey="dueDate"
          aria-label={text.tableLabel}
          columns={columns}
          dataSource={days}
          loading={list.isFetching}
          locale={{ emptyText: text.empty }}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: list.data?.totalElements ?? 0,
            onChange: (next) => setPage(next - 1),
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      </Card>
    </div>
  );
}
