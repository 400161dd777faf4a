import { useState } from 'react';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import Big from 'big.js';
import type { Dayjs } from 'dayjs';
import type { PayableDay } from '@contract/bills-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { ListFilterBar } from '@/components/list-filter-bar/list-filter-bar';
import { PagedTable } from '@/components/paged-table/paged-table';
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

interface DueRange {
  from?: string;
  to?: string;
}

/** The dates chosen as the list call takes them: a side left open is left out. */
function dueRangeOf(values: RangeFields): DueRange {
  const [from, to] = values.due ?? [null, null];
  return {
    ...(from ? { from: from.format(DATE_FORMAT) } : {}),
    ...(to ? { to: to.format(DATE_FORMAT) } : {}),
  };
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
  const [range, setRange] = useState<DueRange>({});
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
        <ListFilterBar<RangeFields, DueRange>
          name="payable-filter"
          filterOf={dueRangeOf}
          onSearch={(next) => {
            setRange(next);
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
        </ListFilterBar>
        {days.length > 0 && (
          <p className={styles.totals} role="status">
            {text.totals((list.data?.totalPages ?? 1) > 1, totals.bills, formatYuan(totals.amount))}
          </p>
        )}
        <PagedTable<PayableDay>
          list={list}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          aria-label={text.tableLabel}
          rowKey="dueDate"
          columns={columns}
          emptyText={text.empty}
          failedText={text.loadFailed}
          hideOnSinglePage
        />
      </Card>
    </div>
  );
}
