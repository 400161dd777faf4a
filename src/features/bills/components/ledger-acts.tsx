import { useEffect, useState, type ReactNode } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { Link } from 'react-router';
import { BILL_ACT, REFUSAL_REASON_MAX, type BillAct } from '@contract/bills';
import type { PaymentSide } from '@contract/payment';
import { ActSummary } from '@/components/act-summary/act-summary';
import { paths } from '@/config/paths';
import { refusalOf } from '@/lib/refusal';
import { useAppDispatch } from '@/lib/store';
import { billMessages } from '@/locales/zh-CN/bills';
import {
  invalidateBills,
  useBillAccountsQuery,
  useRefuseApplicationMutation,
  useRequestAcceptanceMutation,
  useRequestReceiptMutation,
  useRevokeBillMutation,
  useSignApplicationMutation,
  useWithdrawApplicationMutation,
} from '@/features/bills/api/bills-api';

const text = billMessages;

// The confirmation every ledger act shows is shared with the pages of the later acts (保证, 追索, 提示付款).
export { ActSummary, ConfirmActModal, type ActSummaryProps } from '@/components/act-summary/act-summary';

/** An act on one row: the bill it is about and, for an answer or a withdrawal, the application. */
export interface ActTarget {
  act: BillAct;
  packageId: string;
  packageNo: string;
  /** The application answered or withdrawn. */
  applicationId?: string;
  /** 提示收票, 转让背书…: what an answer is to. */
  kindLabel?: string;
  amount: string;
  /** The other side: the payee for the drawer's acts, the other party of an application. */
  counterparty: string;
  /** The acceptor, the other side of 重新提示承兑. */
  acceptor?: string;
  range: string;
}

/** The operation as the confirmation names it: 签收提示收票, 撤回转让背书, 撤票… */
export const operationOf = (target: Pick<ActTarget, 'act' | 'kindLabel'>): string =>
  `${text.act[target.act]}${target.kindLabel ?? ''}`;

/**
 * What the screen says after a refused act: a 409 is the ledger telling what became of the row (对方已驳回该申请,
 * 已被撤回…), which the request layer leaves to the screen, so it is shown here and the lists are read again.
 * Other refusals were shown by the request layer; a closed verification dialog says nothing.
 */
export function useActRefusal() {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  return (error: unknown): boolean => {
    const refusal = refusalOf(error);
    if (refusal?.status !== 409) return false;
    void message.error(refusal.text);
    dispatch(invalidateBills());
    return true;
  };
}

/** The reason of a 驳回, one or many: required, at most REFUSAL_REASON_MAX characters. */
export function RefusalReasonField() {
  return (
    <Form.Item
      name="reason"
      label={text.refuseReason}
      rules={[{ required: true, whitespace: true, message: text.refuseReasonRequired }]}
    >
      <Input.TextArea maxLength={REFUSAL_REASON_MAX} showCount rows={3} />
    </Form.Item>
  );
}

/**
 * The receiving account of a 签收: the organisation's verified accounts, the default preselected. Accounts that
 * failed to load say so with 重试, so the dialog need not be closed and opened again to ask once more.
 */
export function AccountField({ name = 'accountId' }: { name?: string }) {
  const accounts = useBillAccountsQuery();
  const form = Form.useFormInstance();
  const preselected = accounts.data?.find((account) => account.isDefault)?.id ?? accounts.data?.[0]?.id;
  useEffect(() => {
    if (preselected && !form.getFieldValue(name)) form.setFieldValue(name, preselected);
  }, [form, name, preselected]);
  const options = (accounts.data ?? []).map((account) => ({
    value: account.id,
    label: `${account.bankName} ${account.accountNo}${account.isDefault ? `（${text.defaultAccount}）` : ''}`,
  }));
  return (
    <Form.Item
      name={name}
      label={text.receivingAccount}
      rules={[{ required: true, message: text.pickAccount }]}
      extra={
        accounts.isError ? (
          <span role="alert">
            {text.accountsLoadFailed}
            <Button type="link" size="small" onClick={() => void accounts.refetch()}>
              {text.retry}
            </Button>
          </span>
        ) : accounts.data && accounts.data.length === 0 ? (
          text.noAccount
        ) : undefined
      }
    >
      <Select
        aria-label={text.receivingAccount}
        placeholder={text.pickAccount}
        loading={accounts.isFetching}
        options={options}
      />
    </Form.Item>
  );
}

interface ActFields {
  accountId?: string;
  reason?: string;
}

/** The confirmation of one act: the summary, what the act needs (account, reason), then the call. */
function ActModal({ target, onClose }: { target: ActTarget; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ActFields>();
  const refused = useActRefusal();
  const [requestAcceptance, acceptance] = useRequestAcceptanceMutation();
  const [requestReceipt, receipt] = useRequestReceiptMutation();
  const [revoke, revoking] = useRevokeBillMutation();
  const [sign, signing] = useSignApplicationMutation();
  const [refuse, refusing] = useRefuseApplicationMutation();
  const [withdraw, withdrawing] = useWithdrawApplicationMutation();
  const busy = [acceptance, receipt, revoking, signing, refusing, withdrawing].some((m) => m.isLoading);

  const send = (fields: ActFields) => {
    const id = target.applicationId ?? '';
    switch (target.act) {
      case BILL_ACT.requestAcceptance:
        return requestAcceptance(target.packageId);
      case BILL_ACT.requestReceipt:
        return requestReceipt(target.packageId);
      case BILL_ACT.revoke:
        return revoke(target.packageId);
      case BILL_ACT.sign:
        return sign({ id, accountId: fields.accountId });
      case BILL_ACT.refuse:
        return refuse({ id, reason: (fields.reason ?? '').trim() });
      default:
        return withdraw(id);
    }
  };

  const submit = async (fields: ActFields) => {
    const result = await send(fields);
    if ('data' in result) {
      void message.success(text.actDone[target.act]);
      onClose();
    } else if (refused(result.error)) {
      onClose();
    }
  };

  const operation = operationOf(target);
  return (
    <Modal
      open
      title={text.confirmTitle(operation)}
      okText={text.confirm}
      cancelText={text.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{text.confirmHint}</Typography.Paragraph>
      <ActSummary
        operation={operation}
        packageNo={target.packageNo}
        amount={target.amount}
        counterparty={
          target.act === BILL_ACT.requestAcceptance && target.acceptor ? target.acceptor : target.counterparty
        }
        range={target.range}
      />
      <Form<ActFields>
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        onFinish={(fields) => void submit(fields)}
      >
        {target.act === BILL_ACT.sign && <AccountField />}
        {target.act === BILL_ACT.refuse && <RefusalReasonField />}
      </Form>
    </Modal>
  );
}

/**
 * Acts done on their own page, with their own form: 背书 and 质押 on their forms, 提示付款 and its answers on
 * 提示付款. Those the row cannot start are left out; the payment acts lead to their page instead, the
 * acceptor's two answers by one link to what it must answer.
 */
const ACTS_OF_THEIR_OWN_PAGE: ReadonlySet<BillAct> = new Set([
  BILL_ACT.endorse,
  BILL_ACT.pledge,
  BILL_ACT.presentPayment,
  BILL_ACT.pay,
  BILL_ACT.refusePayment,
]);
/** Set like the link buttons beside it. */
const ACT_LINK_STYLE = { padding: '4px 8px', display: 'inline-block' } as const;
const PAGE_OF_ACT: Partial<Record<BillAct, { to: string; label: string }>> = {
  [BILL_ACT.presentPayment]: { to: paths.payPrompt, label: text.act.presentPayment },
  [BILL_ACT.pay]: {
    to: `${paths.payPrompt}?side=${'acceptor' satisfies PaymentSide}`,
    label: text.answerPayment,
  },
};

/**
 * The ledger's acts on the rows of a screen: `buttons(target, actions)` are a row's buttons, one per act
 * the server says it allows now (those of their own page excepted, or a link to it), each opening the
 * confirmation that `modal` renders.
 */
export function useLedgerActs() {
  const [target, setTarget] = useState<ActTarget | null>(null);
  const buttons = (base: Omit<ActTarget, 'act'>, actions: readonly BillAct[]): ReactNode =>
    actions.map((act) => {
      const page = PAGE_OF_ACT[act];
      if (page) {
        return (
          <Link key={act} to={page.to} style={ACT_LINK_STYLE}>
            {page.label}
          </Link>
        );
      }
      if (ACTS_OF_THEIR_OWN_PAGE.has(act)) return null;
      return (
        <Button
          key={act}
          type="link"
          danger={act === BILL_ACT.refuse || act === BILL_ACT.revoke}
          onClick={() => setTarget({ ...base, act })}
        >
          {text.act[act]}
        </Button>
      );
    });
  return {
    start: setTarget,
    buttons,
    modal: target ? (
      <ActModal
        key={`${target.act}:${target.applicationId ?? target.packageId}`}
        target={target}
        onClose={() => setTarget(null)}
      />
    ) : null,
  };
}
