import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import type { BankAccount, BankAccountRequest, BankBranch } from '@contract/bank-account-schemas';
import {
  BankAccountFields,
  bankAccountBody,
  placeAccountRefusal,
} from '@/components/bank-account-fields/bank-account-fields';
import { scrollToFirstError } from '@/lib/form';
import { refusalOf } from '@/lib/refusal';
import { bankAccountMessages } from '@/locales/zh-CN/bank-account';
import {
  useAddBankAccountMutation,
  useUpdateBankAccountMutation,
} from '@/features/bank-account/api/bank-account-api';
import styles from './bank-account.module.css';

const text = bankAccountMessages.drawer;

const branchOfAccount = (account: BankAccount): BankBranch => ({
  bankNo: account.branchNo,
  fullName: account.branchName,
  shortName: account.bankName,
  province: account.province,
  city: account.city,
});

export interface AccountDrawerProps {
  open: boolean;
  /** The account to edit; a new one when absent. */
  account?: BankAccount | undefined;
  orgName: string;
  onClose: () => void;
}

/**
 * 添加/编辑银行账户: the account name is the organisation's (the server refuses any other), the number 6-32
 * digits, the branch chosen from the directory. Adding pays a verification transfer at once; editing a verified
 * account's number or branch starts its verification again.
 */
export function AccountDrawer({ open, account, orgName, onClose }: AccountDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BankAccountRequest>();
  const [problem, setProblem] = useState<string | null>(null);
  const [add, adding] = useAddBankAccountMutation();
  const [update, updating] = useUpdateBankAccountMutation();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      accountName: orgName,
      accountNo: account?.accountNo ?? '',
      branchNo: account?.branchNo ?? '',
    });
    setProblem(null);
  }, [open, account, orgName, form]);

  const submit = async (values: BankAccountRequest) => {
    setProblem(null);
    const body = bankAccountBody(values);
    const result = account ? await update({ id: account.id, ...body }) : await add(body);
    if ('data' in result) {
      void message.success(account ? text.saved : text.added);
      onClose();
      return;
    }
    const refusal = refusalOf(result.error);
    if (refusal) setProblem(placeAccountRefusal(form, refusal));
  };

  return (
    <Drawer
      open={open}
      title={account ? text.editTitle : text.addTitle}
      size={480}
      onClose={onClose}
      destroyOnHidden
      footer={
        <div className={styles.drawerFooter}>
          <Button onClick={onClose}>{text.cancel}</Button>
          <Button
            type="primary"
            loading={adding.isLoading || updating.isLoading}
            onClick={() => form.submit()}
          >
            {account ? text.submitEdit : text.submitAdd}
          </Button>
        </div>
      }
    >
      {account?.status === 'VERIFIED' && (
        <Alert type="warning" showIcon title={text.editWarning} className={styles.drawerAlert} />
      )}
      {problem && <Alert type="error" showIcon title={problem} role="alert" className={styles.drawerAlert} />}
      <Form
        form={form}
        name="bank-account"
        layout="vertical"
        scrollToFirstError={scrollToFirstError}
        onFinish={(values) => void submit(values)}
      >
        <BankAccountFields
          accountNoLabel={text.accountNo}
          accountNoPlaceholder={text.accountNoPlaceholder}
          initialBranch={account && branchOfAccount(account)}
        />
      </Form>
    </Drawer>
  );
}
