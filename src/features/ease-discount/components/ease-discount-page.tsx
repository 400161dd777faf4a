import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { CIRCULATION } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import { QUOTE_BILLS_MAX } from '@contract/discount';
import type { DiscountQuote, DiscountQuoteSet } from '@contract/discount-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { easeDiscountMessages } from '@/locales/zh-CN/ease-discount';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useAskQuotesMutation } from '@/features/ease-discount/api/ease-discount-api';
import styles from './ease-discount.module.css';

const text = easeDiscountMessages;
/** How often the quotes' expiry is looked at again, so an expired one says so without a reload. */
const EXPIRY_TICK_MS = 15_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), EXPIRY_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function QuoteTable({ set, now }: { set: DiscountQuoteSet; now: number }) {
  const columns: ColumnsType<DiscountQuote> = [
    { title: text.institution, key: 'institution', render: (_, q) => q.institution.name },
    { title: text.rate, key: 'rate', render: (_, q) => (q.annualRate ? `${q.annualRate}%` : '--') },
    {
      title: text.interest,
      key: 'interest',
      align: 'right',
      render: (_, q) => <span className={styles.money}>{formatYuan(q.interest)}</span>,
    },
    {
      title: text.net,
      key: 'net',
      align: 'right',
      render: (_, q) => <span className={styles.money}>{formatYuan(q.netAmount)}</span>,
    },
    {
      title: text.validUntil,
      key: 'validUntil',
      render: (_, q) => (q.validUntil ? formatDateTime(q.validUntil, { seconds: true }) : '--'),
    },
    {
      title: text.state,
      key: 'state',
      render: (_, q) => {
        if (q.status === 'declined') {
          return (
            <>
              <Tag>{text.declined}</Tag>
              {q.reason}
            </>
          );
        }
        const expired = q.validUntil !== null && Date.parse(q.validUntil) <= now;
        return (
          <>
            {expired ? <Tag>{text.expired}</Tag> : <Tag color="green">{text.offered}</Tag>}
            {q.best && <Tag color="gold">{text.best}</Tag>}
          </>
        );
      },
    },
  ];
  return (
    <section
      className={styles.set}
      aria-label={text.quotesFor(set.packageNo, set.range, formatYuan(set.amount))}
    >
      <h3 className={styles.setTitle}>{text.quotesFor(set.packageNo, set.range, formatYuan(set.amount))}</h3>
      <Typography.Text type="secondary" className={styles.term}>
        {text.term(set.discountDate, set.days, set.adjustDays)}
      </Typography.Text>
      <Table<DiscountQuote> rowKey="id" columns={columns} dataSource={set.quotes} pagination={false} />
    </section>
  );
}

export interface EaseDiscountPageProps {
  /** The organisation's received holdings (the ledger's held list); the negotiable and transferable are offered. */
  holdings: Holding[];
  holdingsLoading: boolean;
}

/**
 * 轻松贴: tick held bills, ask every institution at once, and compare their quotes side by side (rate,
 * interest, what the holder receives), the best marked and each with its expiry.
 */
export function EaseDiscountPage({ holdings, holdingsLoading }: EaseDiscountPageProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const [ask, asking] = useAskQuotesMutation();
  const [sets, setSets] = useState<DiscountQuoteSet[]>([]);
  const now = useNow();
  const choices = holdings.filter((h) => h.circulation === CIRCULATION.negotiable && !h.noTransfer);
  const tooMany = selected.length > QUOTE_BILLS_MAX;

  const askQuotes = async () => {
    const result = await ask({ holdingIds: selected });
    if ('data' in result && result.data) setSets(result.data);
  };

  const columns: ColumnsType<Holding> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.acceptor, key: 'acceptor', render: (_, h) => h.acceptor.name },
    {
      title: text.amount,
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (amount: string) => <span className={styles.money}>{formatYuan(amount)}</span>,
    },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
  ];

  return (
    <div className={styles.page}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <Typography.Paragraph type="secondary" className={styles.intro}>
          {text.intro}
        </Typography.Paragraph>
        <Table<Holding>
          rowKey="id"
          aria-label={text.heldLabel}
          columns={columns}
          dataSource={choices}
          loading={holdingsLoading}
          locale={{ emptyText: text.noHeld }}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
        />
        <div className={styles.actions}>
          <Button
            type="primary"
            disabled={selected.length === 0 || tooMany}
            loading={asking.isLoading}
            onClick={() => void askQuotes()}
          >
            {text.ask}
          </Button>
          <Typography.Text type={tooMany ? 'danger' : 'secondary'}>
            {tooMany ? text.tooMany(QUOTE_BILLS_MAX) : text.askHint(selected.length, QUOTE_BILLS_MAX)}
          </Typography.Text>
        </div>
      </Card>
      {sets.length > 0 && (
        <Card title={<CardTitle>{text.quotesTitle}</CardTitle>}>
          {sets.map((set) => (
            <QuoteTable key={set.holdingId} set={set} now={now} />
          ))}
        </Card>
      )}
    </div>
  );
}
