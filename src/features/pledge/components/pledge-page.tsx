import { useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { CIRCULATION, PACKAGE_NO_LENGTH, REFUSAL_REASON_MAX } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import type { Institution } from '@contract/institution-schemas';
import {
  PLEDGE_REMARK_MAX,
  PLEDGE_STATUS_COLOR,
  PLEDGE_STATUS_LABEL,
  PLEDGE_STATUSES,
  type PledgeStatus,
} from '@contract/pledge';
import type { PledgeListFilter, PledgeRecord } from '@contract/pledge-schemas';
import { amountText } from '@/components/amount-input/amount';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { ListFilterBar } from '@/components/list-filter-bar/list-filter-bar';
import { RangeOfferFields, type RangeOffer } from '@/components/range-offer/range-offer-fields';
import { scrollToFirstError } from '@/lib/form';
import { commonMessages } from '@/locales/zh-CN/common';
import { pledgeMessages } from '@/locales/zh-CN/pledge';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  useApplyPledgeMutation,
  useExportPledgesMutation,
  usePledgesQuery,
  useRefusePledgeReleaseMutation,
  useSignPledgeReleaseMutation,
  useWithdrawPledgeMutation,
} from '@/features/pledge/api/pledge-api';

const text = pledgeMessages;
const PAGE_SIZE = 10;

interface PledgeForm extends RangeOffer {
  remark?: string;
}

interface FilterForm {
  packageNo?: string;
  status?: PledgeStatus;
  institutionOrgId?: string;
}

/** The filter form as the list call takes it: the number without spaces or line breaks, empty values left out. */
export function pledgeFilterOf(values: FilterForm): PledgeListFilter {
  const filter: PledgeListFilter = {};
  const packageNo = values.packageNo?.replace(/\s+/g, '');
  if (packageNo) filter.packageNo = packageNo;
  if (values.status) filter.status = values.status;
  if (values.institutionOrgId) filter.institutionOrgId = values.institutionOrgId;
  return filter;
}

export interface PledgePageProps {
  /** The organisation's received holdings (the ledger's held list); those it may pledge are offered. */
  holdings: Holding[];
  holdingsLoading: boolean;
  institutions: Institution[];
  institutionsLoading: boolean;
  /** A row's link to the bill's detail (its history shows the pledge and its release), and the drawer it opens. */
  detail: { link: (packageId: string) => ReactNode; drawer: ReactNode };
  /** Whether 导出 is offered (the user can open the export centre for the file). */
  canExport: boolean;
}

/**
 * 质押: choose a held negotiable bill, the part and the institution to pledge it to. Below, 我的质押: each
 * pledge with its pledgee and where it stands; a pending application may be withdrawn, and a release the
 * pledgee asks is signed or refused here (each confirmed by QR or SMS as every ledger act).
 */
export function PledgePage({
  holdings,
  holdingsLoading,
  institutions,
  institutionsLoading,
  detail,
  canExport,
}: PledgePageProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PledgeForm>();
  const [refuseForm] = Form.useForm<{ reason: string }>();
  const [filter, setFilter] = useState<PledgeListFilter>({});
  const [page, setPage] = useState(0);
  const [refusing, setRefusing] = useState<PledgeRecord | null>(null);
  const list = usePledgesQuery({ page, size: PAGE_SIZE, ...filter });
  const [apply, applying] = useApplyPledgeMutation();
  const [withdraw] = useWithdrawPledgeMutation();
  const [signRelease] = useSignPledgeReleaseMutation();
  const [refuseRelease, refusal] = useRefusePledgeReleaseMutation();
  const [exportList, exporting] = useExportPledgesMutation();

  const choices = holdings.filter(
    (h) => h.circulation === CIRCULATION.negotiable && h.actions.includes('pledge'),
  );

  const submit = async (typed: PledgeForm) => {
    const remark = typed.remark?.trim();
    const result = await apply({
      holdingId: typed.holdingId,
      institutionOrgId: typed.institutionOrgId,
      amount: amountText(typed.amount),
      ...(remark ? { remark } : {}),
    });
    if ('data' in result) {
      void message.success(text.applied);
      form.resetFields();
    }
  };

  const refuse = async ({ reason }: { reason: string }) => {
    if (!refusing) return;
    const result = await refuseRelease({ id: refusing.id, reason: reason.trim() });
    if ('data' in result) void message.success(text.releaseRefused);
    setRefusing(null);
    refuseForm.resetFields();
  };

  const columns: ColumnsType<PledgeRecord> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.partAmount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.institution, key: 'institution', render: (_, p) => p.institution.name },
    { title: text.maturityDate, dataIndex: 'maturityDate', key: 'maturityDate' },
    { title: text.appliedAt, key: 'appliedAt', render: (_, p) => formatDateTime(p.appliedAt) },
    {
      title: text.pledgedAt,
      key: 'pledgedAt',
      render: (_, p) => (p.pledgedAt ? formatDateTime(p.pledgedAt) : '-'),
    },
    {
      title: text.status,
      key: 'status',
      render: (_, p) => (
        <>
          <Tag color={PLEDGE_STATUS_COLOR[p.status]}>{PLEDGE_STATUS_LABEL[p.status]}</Tag>
          {p.reason && (
            <span>
              {text.reason}：{p.reason}
            </span>
          )}
        </>
      ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, p) => (
        <>
          {detail.link(p.packageId)}
          {p.actions.includes('withdraw') && (
            <Button
              type="link"
              onClick={() =>
                void withdraw(p.id).then((r) => 'data' in r && void message.success(text.withdrawn))
              }
            >
              {text.withdraw}
            </Button>
          )}
          {p.actions.includes('releaseSign') && (
            <Button
              type="link"
              onClick={() =>
                void signRelease(p.id).then((r) => 'data' in r && void message.success(text.releaseSigned))
              }
            >
              {text.releaseSign}
            </Button>
          )}
          {p.actions.includes('releaseRefuse') && (
            <Button type="link" danger onClick={() => setRefusing(p)}>
              {text.releaseRefuse}
            </Button>
          )}
        </>
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <p>{text.applyIntro}</p>
        <Form<PledgeForm>
          form={form}
          name="pledge"
          layout="vertical"
          style={{ maxWidth: 560 }}
          scrollToFirstError={scrollToFirstError}
          onFinish={(typed) => void submit(typed)}
        >
          <RangeOfferFields
            holdings={choices}
            holdingsLoading={holdingsLoading}
            institutions={institutions}
            institutionsLoading={institutionsLoading}
            text={text}
          />
          <Form.Item name="remark" label={text.remark}>
            <Input placeholder={text.remarkPlaceholder} maxLength={PLEDGE_REMARK_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={applying.isLoading}>
            {text.submit}
          </Button>
        </Form>
      </Card>
      <Card title={<CardTitle>{text.listTitle}</CardTitle>}>
        <ListFilterBar<FilterForm, PledgeListFilter>
          name="pledges-filter"
          filterOf={pledgeFilterOf}
          onSearch={(next) => {
            setFilter(next);
            setPage(0);
          }}
          exportList={canExport ? { run: () => exportList(filter), loading: exporting.isLoading } : undefined}
        >
          <Form.Item name="packageNo" label={text.packageNo}>
            <Input
              allowClear
              placeholder={text.packageNoPlaceholder}
              maxLength={PACKAGE_NO_LENGTH}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="status" label={text.statusFilter}>
            <Select
              aria-label={text.statusFilter}
              allowClear={{ label: commonMessages.clear }}
              placeholder={text.allStatuses}
              style={{ width: 130 }}
              options={PLEDGE_STATUSES.map((value) => ({ value, label: PLEDGE_STATUS_LABEL[value] }))}
            />
          </Form.Item>
          <Form.Item name="institutionOrgId" label={text.institutionFilter}>
            <Select
              aria-label={text.institutionFilter}
              allowClear={{ label: commonMessages.clear }}
              placeholder={text.allInstitutions}
              style={{ width: 180 }}
              options={institutions.map((i) => ({ value: i.orgId, label: i.name }))}
            />
          </Form.Item>
        </ListFilterBar>
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
        <Table<PledgeRecord>
          rowKey="id"
          aria-label={text.listTitle}
          columns={columns}
          dataSource={list.data?.content ?? []}
          loading={list.isFetching}
          locale={{ emptyText: text.empty }}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: list.data?.totalElements ?? 0,
            onChange: (next) => setPage(next - 1),
            showSizeChanger: false,
          }}
        />
      </Card>
      <Modal
        open={refusing !== null}
        title={text.refuseTitle}
        okText={text.confirm}
        cancelText={text.cancel}
        confirmLoading={refusal.isLoading}
        onOk={() => refuseForm.submit()}
        onCancel={() => setRefusing(null)}
        destroyOnHidden
      >
        <Form<{ reason: string }>
          form={refuseForm}
          layout="vertical"
          onFinish={(values) => void refuse(values)}
        >
          <Form.Item
            name="reason"
            label={text.refuseReason}
            rules={[{ required: true, whitespace: true, message: text.refuseReasonRequired }]}
          >
            <Input.TextArea
              placeholder={text.refuseReasonPlaceholder}
              maxLength={REFUSAL_REASON_MAX}
              rows={3}
            />
          </Form.Item>
        </Form>
      </Modal>
      {detail.drawer}
    </div>
  );
}
