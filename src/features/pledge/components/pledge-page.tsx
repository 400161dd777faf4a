import { useState, type ReactNode } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import { CIRCULATION, PACKAGE_NO_LENGTH, REFUSAL_REASON_MAX } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import type { Institution } from '@contract/institution-schemas';
import {
  PLEDGE_REMARK_MAX,
  PLEDGE_STATUS_COLOR,
  PLEDGE_STATUS_LABEL,
  PLEDGE_STATUSES,
} from '@contract/pledge';
import type { PledgeAction, PledgeListFilter, PledgeRecord } from '@contract/pledge-schemas';
import { amountText } from '@/components/amount-input/amount';
import { CardTitle } from '@/components/card-title/card-title';
import { ListCard, useListState } from '@/components/list-card/list-card';
import { RowActions } from '@/components/row-actions/row-actions';
import { StatusCell } from '@/components/status-cell/status-cell';
import { compactFilter, InstitutionFilterFields } from '@/components/list-filter-bar/filter-fields';
import { RangeOfferFields, type RangeOffer } from '@/components/range-offer/range-offer-fields';
import { scrollToFirstError } from '@/lib/form';
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
/** The acts a pledge's row may offer, in the order they are shown. */
const ROW_ACTS: readonly PledgeAction[] = ['withdraw', 'releaseSign', 'releaseRefuse'];

interface PledgeForm extends RangeOffer {
  remark?: string;
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
  const listState = useListState<PledgeListFilter>();
  const [refusing, setRefusing] = useState<PledgeRecord | null>(null);
  const list = usePledgesQuery({ page: listState.page, size: listState.size, ...listState.filter });
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

  const actOn = (kind: PledgeAction, p: PledgeRecord) => {
    if (kind === 'releaseRefuse') setRefusing(p);
    else if (kind === 'withdraw')
      void withdraw(p.id).then((r) => 'data' in r && void message.success(text.withdrawn));
    else void signRelease(p.id).then((r) => 'data' in r && void message.success(text.releaseSigned));
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
        <StatusCell
          color={PLEDGE_STATUS_COLOR[p.status]}
          label={PLEDGE_STATUS_LABEL[p.status]}
          reason={{ label: text.reason, text: p.reason }}
        />
      ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, p) => (
        <RowActions
          detail={detail.link(p.packageId)}
          acts={ROW_ACTS}
          offered={p.actions}
          names={text}
          danger={['releaseRefuse']}
          onAct={(kind) => actOn(kind, p)}
        />
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
      <ListCard<PledgeRecord, PledgeListFilter, PledgeListFilter>
        title={text.listTitle}
        filter={{
          name: 'pledges-filter',
          filterOf: compactFilter,
          exportList: canExport
            ? { run: () => exportList(listState.filter), loading: exporting.isLoading }
            : undefined,
        }}
        state={listState}
        table={{
          list,
          'aria-label': text.listTitle,
          rowKey: 'id',
          columns,
          emptyText: text.empty,
          failedText: text.loadFailed,
        }}
      >
        <InstitutionFilterFields
          text={text}
          statuses={PLEDGE_STATUSES.map((value) => ({ value, label: PLEDGE_STATUS_LABEL[value] }))}
          institutions={institutions}
          packageNoMax={PACKAGE_NO_LENGTH}
        />
      </ListCard>
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
