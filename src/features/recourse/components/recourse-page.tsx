import { useState, type ReactNode } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload';
import { CLEARING, CLEARINGS, type Clearing } from '@contract/discount';
import {
  DEBTOR_ROLE_LABEL,
  NON_REFUSAL_REASON,
  PLEDGEE_LABEL,
  RECOURSE_KIND,
  RECOURSE_KINDS,
  RECOURSE_KIND_LABEL,
  RECOURSE_SIDE,
  RECOURSE_SIDES,
  RECOURSE_STATUS_LABEL,
  RECOURSE_TEXT_MAX,
  type NonRefusalReason,
  type RecourseKind,
  type RecourseSide,
  type RecourseStatus,
} from '@contract/recourse';
import type { RecourseCandidate, RecourseRecord } from '@contract/recourse-schemas';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountRules, amountText, normaliseAmount } from '@/components/amount-input/amount';
import { ClaimMakeUp, withCosts } from '@/components/recourse-claim/recourse-claim';
import { recourseNoticeColumns, StandingAlerts } from '@/components/recourse-claim/recourse-columns';
import { ConfirmActModal, type ActSummaryProps } from '@/components/act-summary/act-summary';
import { CardTitle } from '@/components/card-title/card-title';
import { useListState } from '@/components/list-card/list-card';
import { SidedListCard } from '@/components/list-card/sided-list-card';
import { RowActions } from '@/components/row-actions/row-actions';
import { trimmedFilter } from '@/components/list-filter-bar/filter-fields';
import { recourseMessages } from '@/locales/zh-CN/recourse';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  useAgreeRecourseMutation,
  useExportRecourseMutation,
  useNotifyRecourseMutation,
  useRecourseCandidatesQuery,
  useRecourseNoticesQuery,
  useRejectRecourseMutation,
  useSignRecourseMutation,
  useWithdrawRecourseMutation,
  uploadRecourseProof,
} from '@/features/recourse/api/recourse-api';
import styles from './recourse.module.css';

const text = recourseMessages;

interface NotifyForm {
  holdingId: string;
  debtorOrgIds: string[];
  costs?: string;
  costsNote?: string;
  nonRefusalReason?: NonRefusalReason;
  proof?: UploadFile[];
}

interface ListFilter {
  status?: RecourseStatus;
  packageNo?: string;
}

interface PendingAct {
  kind: 'agree' | 'reject' | 'sign' | 'withdraw';
  record: RecourseRecord;
}

export interface RecoursePageProps {
  /** The list first shown: a pursued party's to-do opens on what it must pay. */
  initialSide?: RecourseSide;
  canExport: boolean;
  /** A row's link to the bill's detail, and the drawer it opens. */
  detail: { link: (packageId: string) => ReactNode; drawer: ReactNode };
}

/**
 * 追索: the holder chooses a refused range, the parties to pursue and its costs, and sees the claim made up
 * before it sends the notice; below, the notices it sent and those it is asked to pay, filterable, each with
 * its acts (同意清偿 by the party; 签收 or 驳回 by the holder, or 撤回 of a notice not yet answered).
 */
export function RecoursePage({ initialSide = RECOURSE_SIDE.pursuer, canExport, detail }: RecoursePageProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NotifyForm>();
  const holdingId = Form.useWatch('holdingId', form);
  const typedCosts = Form.useWatch('costs', form);
  const debtorIds = Form.useWatch('debtorOrgIds', form);
  const [confirming, setConfirming] = useState<NotifyForm | null>(null);
  const listState = useListState<ListFilter, RecourseSide>(initialSide);
  const [acting, setActing] = useState<PendingAct | null>(null);
  const [agreeForm] = Form.useForm<{ amount: string; clearing: Clearing }>();
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const [agreeing, setAgreeing] = useState<{ amount: string; clearing: Clearing } | null>(null);

  const [kind, setKind] = useState<RecourseKind>(RECOURSE_KIND.refusal);
  const early = kind === RECOURSE_KIND.nonRefusal;
  const candidates = useRecourseCandidatesQuery({ kind });
  const query = { side: listState.side, ...listState.filter };
  const list = useRecourseNoticesQuery({ page: listState.page, size: listState.size, ...query });
  const [notify, notifying] = useNotifyRecourseMutation();
  const [agree, agreeBusy] = useAgreeRecourseMutation();
  const [reject, rejecting] = useRejectRecourseMutation();
  const [sign, signing] = useSignRecourseMutation();
  const [withdraw, withdrawing] = useWithdrawRecourseMutation();
  const [exportList, exporting] = useExportRecourseMutation();

  const choices = candidates.data ?? [];
  const chosen: RecourseCandidate | undefined = choices.find((c) => c.holdingId === holdingId);
  const made = chosen ? withCosts(chosen.claim, typedCosts) : null;

  const submit = async (values: NotifyForm) => {
    const costs = normaliseAmount(values.costs ?? '');
    const file = values.proof?.[0]?.originFileObj;
    let attachmentId: string | undefined;
    if (early && file) {
      const stored = await uploadRecourseProof(file).catch(() => null);
      if (!stored) {
        setConfirming(null);
        void message.error(text.proofFailed);
        return;
      }
      attachmentId = stored.id;
    }
    const result = await notify({
      holdingId: values.holdingId,
      debtorOrgIds: values.debtorOrgIds,
      ...(costs ? { costs: amountText(costs) } : {}),
      ...(values.costsNote?.trim() ? { costsNote: values.costsNote.trim() } : {}),
      ...(early && values.nonRefusalReason ? { nonRefusalReason: values.nonRefusalReason } : {}),
      ...(attachmentId ? { attachmentId } : {}),
    });
    setConfirming(null);
    if ('data' in result) {
      void message.success(text.notified);
      form.resetFields();
    }
  };

  const runAct = async () => {
    if (!acting) return;
    const { kind, record } = acting;
    if (kind === 'sign') {
      const result = await sign(record.id);
      if ('data' in result) void message.success(text.signed);
    } else if (kind === 'withdraw') {
      const result = await withdraw(record.id);
      if ('data' in result) void message.success(text.withdrawn);
    } else if (kind === 'reject') {
      const typed = await rejectForm.validateFields().catch(() => null);
      if (!typed) return;
      const result = await reject({ id: record.id, reason: typed.reason.trim() });
      if ('data' in result) void message.success(text.rejected);
    } else if (agreeing) {
      const result = await agree({
        id: record.id,
        amount: amountText(agreeing.amount),
        clearing: agreeing.clearing,
      });
      if ('data' in result) void message.success(text.agreed);
    }
    setActing(null);
    setAgreeing(null);
    rejectForm.resetFields();
  };

  const columns: ColumnsType<RecourseRecord> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: text.pursuer,
      key: 'pursuer',
      render: (_, r) =>
        `${r.pursuer.name}（${r.pursuerPledgee ? `${PLEDGEE_LABEL}，` : ''}${RECOURSE_KIND_LABEL[r.kind]}）`,
    },
    ...recourseNoticeColumns(),
    { title: text.notifiedAt, key: 'notifiedAt', render: (_, r) => formatDateTime(r.notifiedAt) },
    {
      title: text.actions,
      key: 'actions',
      render: (_, r) => (
        <RowActions
          detail={detail.link(r.packageId)}
          acts={r.actions}
          names={text}
          onAct={(kind) => {
            if (kind === 'agree')
              agreeForm.setFieldsValue({ amount: r.claim.total, clearing: CLEARING.online });
            setActing({ kind, record: r });
          }}
        />
      ),
    },
  ];

  const summaryOf = (operation: string, r: RecourseRecord, amount: string, counterparty: string) =>
    ({ operation, packageNo: r.packageNo, amount, counterparty, range: r.range }) satisfies ActSummaryProps;

  return (
    <div className={styles.page}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <p className={styles.intro}>{text.intro}</p>
        <Radio.Group
          aria-label={text.kind}
          optionType="button"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as RecourseKind);
            form.resetFields();
          }}
          options={RECOURSE_KINDS.map((value) => ({ value, label: text.kinds[value] }))}
          className={styles.facts}
        />
        {early && <p className={styles.intro}>{text.nonRefusalHint}</p>}
        <Form<NotifyForm>
          form={form}
          name="recourse"
          layout="vertical"
          onFinish={(values) => setConfirming(values)}
        >
          <Form.Item
            name="holdingId"
            label={text.holding}
            rules={[{ required: true, message: text.holdingRequired }]}
          >
            <Select
              placeholder={text.holdingPlaceholder}
              loading={candidates.isFetching}
              notFoundContent={early ? text.noEarlyCandidates : text.noCandidates}
              options={choices.map((c) => ({
                value: c.holdingId,
                label: text.holdingOption(c.packageNo, c.range, formatYuan(c.amount), c.lastDay),
              }))}
              onChange={() => form.setFieldValue('debtorOrgIds', [])}
            />
          </Form.Item>
          {chosen && (
            <>
              <Descriptions
                size="small"
                column={3}
                className={styles.facts}
                items={[
                  { key: 'kind', label: text.kind, children: RECOURSE_KIND_LABEL[chosen.kind] },
                  { key: 'since', label: text.since, children: chosen.since },
                  { key: 'lastDay', label: text.lastDay, children: chosen.lastDay },
                ]}
              />
              <StandingAlerts
                standing={chosen}
                agreementPending={text.agreementPending}
                className={styles.facts}
              />
            </>
          )}
          <Form.Item
            name="debtorOrgIds"
            label={text.debtors}
            // A validator, not `required`: the group is a plain element, which aria-required does not fit.
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (!Array.isArray(value) || value.length === 0) throw new Error(text.debtorsRequired);
                },
              },
            ]}
          >
            <Checkbox.Group
              options={(chosen?.parties ?? []).map((p) => ({
                value: p.orgId,
                label:
                  text.debtorOption(p.name, DEBTOR_ROLE_LABEL[p.role]) +
                  (p.guaranteed ? text.guarantorOf(p.guaranteed.name) : ''),
              }))}
            />
          </Form.Item>
          {early && (
            <>
              <Form.Item
                name="nonRefusalReason"
                label={text.nonRefusalReason}
                rules={[{ required: true, message: text.nonRefusalReasonRequired }]}
              >
                <Select
                  aria-label={text.nonRefusalReason}
                  options={Object.entries(NON_REFUSAL_REASON).map(([value, label]) => ({ value, label }))}
                />
              </Form.Item>
              <Form.Item
                name="proof"
                label={text.proof}
                valuePropName="fileList"
                getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
                rules={[
                  {
                    validator: async (_rule, value: unknown) => {
                      if (!Array.isArray(value) || value.length === 0) throw new Error(text.proofRequired);
                    },
                  },
                ]}
              >
                <Upload accept=".pdf,.jpg,.jpeg,.png" maxCount={1} beforeUpload={() => false}>
                  <Button>{text.proofPick}</Button>
                </Upload>
              </Form.Item>
            </>
          )}
          <Form.Item name="costs" label={text.costs} rules={amountRules({ minFen: 0 })}>
            <AmountInput aria-label={text.costs} placeholder={text.costsPlaceholder} />
          </Form.Item>
          <Form.Item name="costsNote" label={text.costsNote}>
            <Input maxLength={RECOURSE_TEXT_MAX} />
          </Form.Item>
          {chosen && made && (
            <div className={styles.facts}>
              <ClaimMakeUp claim={chosen.claim} costs={made.costs} total={made.total} />
              <p className={styles.intro}>{text.claimNote}</p>
            </div>
          )}
          <Button type="primary" htmlType="submit" loading={notifying.isLoading}>
            {text.submit}
          </Button>
        </Form>
      </Card>
      <SidedListCard<RecourseRecord, ListFilter, ListFilter, RecourseSide>
        text={text}
        state={listState}
        sides={RECOURSE_SIDES}
        filterName="recourse-filter"
        statuses={RECOURSE_STATUS_LABEL}
        packageNoMax={40}
        filterOf={trimmedFilter}
        exportList={canExport ? { run: () => exportList(query), loading: exporting.isLoading } : undefined}
        list={list}
        columns={columns}
      />
      {confirming && chosen && made && (
        <ConfirmActModal
          summary={{
            operation: text.operation,
            packageNo: chosen.packageNo,
            amount: made.total,
            counterparty: chosen.parties
              .filter((p) => (debtorIds ?? confirming.debtorOrgIds).includes(p.orgId))
              .map((p) => p.name)
              .join('、'),
            range: chosen.range,
          }}
          loading={notifying.isLoading}
          onConfirm={() => void submit(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {acting?.kind === 'agree' && !agreeing && (
        <Modal
          open
          title={text.agreeOperation}
          okText={text.agree}
          onOk={() =>
            void agreeForm
              .validateFields()
              .then((values) => setAgreeing(values))
              .catch(() => undefined)
          }
          onCancel={() => setActing(null)}
          destroyOnHidden
        >
          <ClaimMakeUp
            claim={acting.record.claim}
            costs={acting.record.claim.costs}
            total={acting.record.claim.total}
          />
          <Form form={agreeForm} layout="vertical" name="recourse-agree" className={styles.facts}>
            <Form.Item
              name="amount"
              label={text.agreeAmount}
              rules={amountRules({ requiredLabel: text.agreeAmountRequired })}
            >
              <AmountInput aria-label={text.agreeAmount} />
            </Form.Item>
            <Form.Item name="clearing" label={text.clearing}>
              <Radio.Group
                aria-label={text.clearing}
                options={CLEARINGS.map((value) => ({ value, label: text.clearings[value] }))}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {acting?.kind === 'agree' && agreeing && (
        <ConfirmActModal
          summary={summaryOf(
            text.agreeOperation,
            acting.record,
            amountText(agreeing.amount),
            acting.record.pursuer.name,
          )}
          loading={agreeBusy.isLoading}
          onConfirm={() => void runAct()}
          onCancel={() => {
            setActing(null);
            setAgreeing(null);
          }}
        />
      )}
      {acting?.kind === 'sign' && (
        <ConfirmActModal
          summary={summaryOf(
            text.signOperation,
            acting.record,
            acting.record.agreedAmount ?? acting.record.claim.total,
            acting.record.debtor.name,
          )}
          loading={signing.isLoading}
          onConfirm={() => void runAct()}
          onCancel={() => setActing(null)}
        />
      )}
      {acting?.kind === 'withdraw' && (
        <ConfirmActModal
          summary={summaryOf(
            text.withdrawOperation,
            acting.record,
            acting.record.claim.total,
            acting.record.debtor.name,
          )}
          loading={withdrawing.isLoading}
          onConfirm={() => void runAct()}
          onCancel={() => setActing(null)}
        />
      )}
      {acting?.kind === 'reject' && (
        <Modal
          open
          title={text.rejectOperation}
          okText={text.reject}
          onOk={() => void runAct()}
          onCancel={() => setActing(null)}
          confirmLoading={rejecting.isLoading}
          destroyOnHidden
        >
          <Form form={rejectForm} layout="vertical" name="recourse-reject">
            <Form.Item
              name="reason"
              label={text.rejectReason}
              rules={[{ required: true, whitespace: true, message: text.rejectReasonRequired }]}
            >
              <Input.TextArea maxLength={RECOURSE_TEXT_MAX} showCount rows={3} />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {detail.drawer}
    </div>
  );
}
