import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { CIRCULATION } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import { QUOTE_BILLS_MAX } from '@contract/discount';
import type { DiscountQuote, DiscountQuoteSet, DiscountRecord } from '@contract/discount-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { paths } from '@/config/paths';
import { Table } from '@/components/data-table/data-table';
import { easeDiscountMessages } from '@/locales/zh-CN/ease-discount';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useAskQuotesMutation } from '@/features/ease-discount/api/ease-discount-api';
import styles from './ease-discount.module.css';
import { TakeQuoteModal } from './take-quote-modal';

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

interface QuoteTableProps {
  set: DiscountQuoteSet;
  now: number;
  onTake: (quote: DiscountQuote) => void;
}

function QuoteTable({ set, now, onTake }: QuoteTableProps) {
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
    {
      title: text.actions,
      key: 'actions',
      render: (_, q) =>
        q.status === 'offered' && q.validUntil !== null && Date.parse(q.validUntil) > now ? (
          <Button type="link" aria-label={text.takeLabel(q.institution.name)} onClick={() => onTake(q)}>
            {text.take}
          </Button>
        ) : null,
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
 * interest, what the holder receives), the best marked and each with its expiry; a live quote is applied
 * for in one step, at its rate.
 */
export function EaseDiscountPage({ holdings, holdingsLoading }: EaseDiscountPageProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const [ask, asking] = useAskQuotesMutation();
  const [sets, setSets] = useState<DiscountQuoteSet[]>([]);
  const [taking, setTaking] = useState<{ set: DiscountQuoteSet; quote: DiscountQuote } | null>(null);
  const [applied, setApplied] = useState<DiscountRecord | null>(null);
  const now = useNow();
  const choices = holdings.filter((h) => h.circulation === CIRCULATION.negotiable && !h.noTransfer);
  const tooMany = selected.length > QUOTE_BILLS_MAX;

  const askQuotes = async () => {
    const result = await ask({ holdingIds: selected });
    if ('data' in result && result.data) {
      setSets(result.data);
      setApplied(null);
    }
  };

  // The bill is locked once applied for: its other quotes can no longer be taken.
  const onApplied = (record: DiscountRecord) => {
    const holdingId = taking?.set.holdingId;
    setTaking(null);
    setApplied(record);
    setSets((current) => current.filter((s) => s.holdingId !== holdingId));
    setSelected((current) => current.filter((id) => id !== holdingId));
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
      {applied && (
        <Alert
          type="success"
          showIcon
          title={text.appliedFor(applied.packageNo, formatYuan(applied.amount), applied.institution.name)}
          description={text.appliedNext}
          action={<Link to={paths.discount}>{text.toDiscounts}</Link>}
        />
      )}
      {sets.length > 0 && (
        <Card title={<CardTitle>{text.quotesTitle}</CardTitle>}>
          {sets.map((set) => (
            <QuoteTable
              key={set.holdingId}
              set={set}
              now={now}
              onTake={(quote) => setTaking({ set, quote })}
            />
          ))}
        </Card>
      )}
      {taking && (
        <TakeQuoteModal
          set={taking.set}
          quote={taking.quote}
          splittable={holdings.find((h) => h.id === taking.set.holdingId)?.splittable ?? false}
          onClose={() => setTaking(null)}
          onApplied={onApplied}
        />
      )}
    </div>
  );
}
