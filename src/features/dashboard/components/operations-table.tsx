import { useState } from 'react';
import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import type { ColumnsType } from 'antd/es/table';
import { Table } from '@/components/data-table/data-table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { DEFAULT_PAGE_SIZE } from '@contract/constants';
import type { OperationItem } from '@contract/shell-schemas';
import { format } from '@/locales/format';
import { dashboardMessages } from '@/locales/zh-CN/dashboard';
import { amountInWords, formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useOperationsQuery } from '@/features/dashboard/api/dashboard-api';
import styles from './dashboard.module.css';

const text = dashboardMessages;

const statusBadge: Record<OperationItem['status'], 'processing' | 'success' | 'error'> = {
  processing: 'processing',
  success: 'success',
  failed: 'error',
};

const bizColor: Record<string, string> = {
  issue: 'blue',
  accept: 'cyan',
  discount: 'orange',
  trans: 'purple',
  pledge: 'gold',
};

const columns: ColumnsType<OperationItem> = [
  {
    title: text.colTime,
    dataIndex: 'createdAt',
    key: 'createdAt',
    width: 150,
    render: (value: string) => formatDateTime(value),
  },
  {
    title: text.colBizType,
    dataIndex: 'bizTypeName',
    key: 'bizType',
    width: 96,
    render: (name: string, row) => <Tag color={bizColor[row.bizType] ?? 'default'}>{name}</Tag>,
  },
  { title: text.colOperation, dataIndex: 'opName', key: 'opName', width: 130 },
  {
    title: text.colBillNo,
    dataIndex: 'billNo',
    key: 'billNo',
    ellipsis: { showTitle: true },
    render: (value: string) => <span className={styles.mono}>{value}</span>,
  },
  {
    title: text.colSubRange,
    dataIndex: 'subRange',
    key: 'subRange',
    ellipsis: { showTitle: true },
    responsive: ['xl'],
    render: (value: string) => <span className={styles.mono}>{value}</span>,
  },
  {
    title: text.colAmount,
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    width: 140,
    render: (value: string) => {
      const words = amountInWords(value);
      return (
        <Tooltip title={words ? format(text.amountInWords, { words }) : undefined}>
          <span className={styles.mono}>{formatYuan(value)}</span>
        </Tooltip>
      );
    },
  },
  {
    title: text.colCounterparty,
    dataIndex: 'counterparty',
    key: 'counterparty',
    ellipsis: true,
    responsive: ['lg'],
  },
  {
    title: text.colStatus,
    dataIndex: 'statusName',
    key: 'status',
    width: 96,
    render: (name: string, row) => <Badge status={statusBadge[row.status] ?? 'default'} text={name} />,
  },
  { title: text.colOperator, dataIndex: 'operatorName', key: 'operatorName', width: 90, responsive: ['lg'] },
];

/** 业务操作记录: the organisation's operation log, newest first, paged on the server (0-based pages). */
export function OperationsTable() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const result = useOperationsQuery({ page, size });

  return (
    <Card size="small" title={text.operationsTitle}>
      <Table<OperationItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data?.content ?? []}
        loading={result.isFetching}
        locale={{ emptyText: result.isError ? text.operationsFailed : text.operationsEmpty }}
        pagination={{
          current: page + 1,
          pageSize: size,
          total: result.data?.totalElements ?? 0,
          showSizeChanger: true,
          showTotal: (total) => format(text.totalItems, { total }),
          onChange: (next, nextSize) => {
            setPage(nextSize !== size ? 0 : next - 1);
            setSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
