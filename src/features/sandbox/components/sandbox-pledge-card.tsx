import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { PLEDGE_STATUS, PLEDGE_STATUS_COLOR, PLEDGE_STATUS_LABEL } from '@contract/pledge';
import type { SandboxPledge } from '@contract/pledge-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { sandboxMessages } from '@/locales/zh-CN/sandbox';
import { formatYuan } from '@/utils/amount';
import {
  useAskPledgeReleaseMutation,
  useSandboxInstitutionPledgesQuery,
} from '@/features/sandbox/api/sandbox-api';
import { SandboxRecourseDialog } from './sandbox-recourse-dialog';
import { say } from './sandbox-say';

const text = sandboxMessages;

/**
 * The sandbox institutions' pledges: what they hold as pledgee, and a developer's request in their place
 * that the pledgor release one (a bank's system would send it when the loan it secures is repaid), or, for
 * a range refused at maturity, the institution's 发起追索.
 */
export function SandboxPledgeCard() {
  const list = useSandboxInstitutionPledgesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [ask, asking] = useAskPledgeReleaseMutation();
  const [pursuing, setPursuing] = useState<SandboxPledge | null>(null);
  const columns: ColumnsType<SandboxPledge> = [
    { title: text.pledgee, dataIndex: 'institutionName', key: 'institution' },
    { title: text.pledgor, dataIndex: 'pledgorName', key: 'pledgor' },
    { title: text.billNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    {
      title: text.pledgeStatus,
      key: 'status',
      render: (_, p) => <Tag color={PLEDGE_STATUS_COLOR[p.status]}>{PLEDGE_STATUS_LABEL[p.status]}</Tag>,
    },
    {
      title: text.pledgeActions,
      key: 'actions',
      render: (_, p) =>
        p.underRecourse ? (
          <Button size="small" type="primary" onClick={() => setPursuing(p)}>
            {text.notifyRecourse}
          </Button>
        ) : p.status === PLEDGE_STATUS.pledged ? (
          <Button
            size="small"
            loading={asking.isLoading}
            onClick={() =>
              void ask(p.id).then((r) => {
                if ('data' in r) say.success(text.releaseAsked);
              })
            }
          >
            {text.askRelease}
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title={<CardTitle>{text.pledgesTitle}</CardTitle>} loading={list.isLoading}>
      <p>{text.pledgesIntro}</p>
      <Table<SandboxPledge>
        rowKey="id"
        size="small"
        aria-label={text.pledgesLabel}
        columns={columns}
        dataSource={list.isError ? [] : (list.currentData ?? [])}
        locale={{ emptyText: text.pledgesEmpty }}
        pagination={false}
      />
      {pursuing && <SandboxRecourseDialog pledge={pursuing} onClose={() => setPursuing(null)} />}
    </Card>
  );
}
