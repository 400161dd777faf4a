import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import type { StatementLine } from '@contract/settlement-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { refusalOf } from '@/lib/refusal';
import { format } from '@/locales/format';
import { bankAccountMessages } from '@/locales/zh-CN/bank-account';
import { maskAccountNo } from '@/utils/account-number';
import { amountInWords, formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useSettlementStatementQuery } from '@/features/bank-account/api/bank-account-api';
import styles from './bank-account.module.css';

const text = bankAccountMessages.statement;
const PAGE_SIZE = 10;

/**
 * 结算账户资金: the default settlement account's balance at its bank and its lines, newest first, paged: the
 * money discounts and payments at maturity move, as the bank reports it.
 */
export function SettlementStatementCard() {
  const [page, setPage] = useState(0);
  const statement = useSettlementStatementQuery({ page, size: PAGE_SIZE });
  const data = statement.data;

  const columns = [
    {
      title: text.columns.time,
      key: 'at',
      render: (_: unknown, line: StatementLine) => formatDateTime(line.at, { seconds: true }),
    },
    {
      title: text.columns.direction,
      key: 'direction',
      render: (_: unknown, line: StatementLine) => (
        <Tag color={line.direction === 'in' ? 'green' : 'orange'}>{text.direction[line.direction]}</Tag>
      ),
    },
    {
      title: text.columns.amount,
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, line: StatementLine) => (
        <span className={styles.money}>
          {line.direction === 'in' ? '+' : '-'}
          {formatYuan(line.amount)}
        </span>
      ),
    },
    {
      title: text.columns.balanceAfter,
      key: 'balanceAfter',
      align: 'right' as const,
      render: (_: unknown, line: StatementLine) => (
        <span className={styles.money}>{formatYuan(line.balanceAfter)}</span>
      ),
    },
    {
      title: text.columns.counterparty,
      key: 'counterparty',
      render: (_: unknown, line: StatementLine) => (
        <div className={styles.bank}>
          <span>{line.counterpartyName}</span>
          {line.counterpartyAccountNo && (
            <span className={styles.detail}>{maskAccountNo(line.counterpartyAccountNo)}</span>
          )}
        </div>
      ),
    },
    { title: text.columns.remark, dataIndex: 'remark', key: 'remark' },
  ];

  let body;
  if (statement.isError) {
    body = <Alert type="warning" showIcon title={refusalOf(statement.error)?.text ?? text.loadFailed} />;
  } else if (data && !data.account) {
    body = <Alert type="info" showIcon title={text.noAccount} />;
  } else {
    body = (
      <>
        {data?.account && (
          <Descriptions size="small" column={{ xs: 1, md: 2 }} className={styles.statementSummary}>
            <Descriptions.Item label={text.account}>
              {data.account.bankName} {data.account.branchName}{' '}
              <span className={styles.accountNo}>{maskAccountNo(data.account.accountNo)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={text.balance}>
              <span className={styles.balance}>{formatYuan(data.balance)}</span>
              <span className={styles.detail}>（{amountInWords(data.balance)}）</span>
            </Descriptions.Item>
          </Descriptions>
        )}
        <Table<StatementLine>
          aria-label={text.tableLabel}
          rowKey="id"
          columns={columns}
          dataSource={data?.lines.content ?? []}
          loading={statement.isFetching}
          locale={{ emptyText: text.empty }}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: data?.lines.totalElements ?? 0,
            showSizeChanger: false,
            showTotal: (total) => format(text.total, { total }),
            onChange: (next) => setPage(next - 1),
          }}
        />
      </>
    );
  }

  return (
    <Card
      className={styles.statementCard}
      title={<CardTitle>{text.title}</CardTitle>}
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void statement.refetch()}>
          {text.refresh}
        </Button>
      }
    >
      <p className={styles.intro}>{text.intro}</p>
      {body}
    </Card>
  );
}
