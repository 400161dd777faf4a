import { useEffect } from 'react';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal/Modal';
import type { BankAccount } from '@contract/bank-account-schemas';
import { TransferAmountField } from '@/components/transfer-amount-input/transfer-amount-input';
import { transferAmountText } from '@/components/transfer-amount-input/transfer-amount';
import { scrollToFirstError } from '@/lib/form';
import { refusalOf } from '@/lib/refusal';
import { format } from '@/locales/format';
import { bankMessages } from '@/locales/zh-CN/bank';
import { bankAccountMessages } from '@/locales/zh-CN/bank-account';
import { formatDateTime } from '@/utils/date-time';
import { maskAccountNo } from '@/utils/account-number';
import { useCheckBankAccountAmountMutation } from '@/features/bank-account/api/bank-account-api';

const text = bankAccountMessages.verifyDialog;

export interface VerifyAmountModalProps {
  account: BankAccount | null;
  onClose: () => void;
}

/** 打款金额验证: the amount the account received, in yuan; a wrong one says how many tries are left. */
export function VerifyAmountModal({ account, onClose }: VerifyAmountModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string }>();
  const [check, checking] = useCheckBankAccountAmountMutation();
  const verification = account?.verification;

  // A new account empties the field; the same account read again (its tries left after a wrong amount) keeps
  // the amount and the refusal under it.
  const accountId = account?.id;
  useEffect(() => {
    if (accountId) form.resetFields();
  }, [accountId, form]);

  const submit = async ({ amount }: { amount: string }) => {
    if (!account) return;
    const result = await check({ id: account.id, amount: transferAmountText(amount) });
    if ('data' in result) {
      void message.success(text.verified);
      onClose();
      return;
    }
    const refusal = refusalOf(result.error);
    if (refusal) form.setFields([{ name: 'amount', errors: [refusal.text] }]);
  };

  return (
    <Modal
      open={account !== null}
      title={text.title}
      okText={text.submit}
      cancelText={text.cancel}
      confirmLoading={checking.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {account && verification && (
        <>
          <p>{text.intro}</p>
          <p>
            {text.account}：{account.bankName} {maskAccountNo(account.accountNo)}
          </p>
          <p>
            {format(bankMessages.enterBefore, { time: formatDateTime(verification.expiresAt) })}，
            {format(bankMessages.triesLeft, { count: verification.triesLeft })}
          </p>
          <Form
            form={form}
            name="verify-amount"
            layout="vertical"
            scrollToFirstError={scrollToFirstError}
            onFinish={(values) => void submit(values)}
          >
            <TransferAmountField />
          </Form>
        </>
      )}
    </Modal>
  );
}
