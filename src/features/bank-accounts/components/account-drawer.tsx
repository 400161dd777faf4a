import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { normalizeAccountNo, type BankAccount, type BankBranch } from '@contract/bank-account';
import { BranchFacts } from '@/components/branch-picker/branch-facts';
import { BranchPicker } from '@/components/branch-picker/branch-picker';
import { scrollToFirstError } from '@/lib/form';
import { refusalOf } from '@/lib/refusal';
import { bankMessages } from '@/locales/zh-CN/bank';
import { bankAccountsMessages } from '@/locales/zh-CN/bank-accounts';
import { accountFieldOf, accountNoRules } from '@/utils/account-number';
import {
  useAddBankAccountMutation,
  useUpdateBankAccountMutation,
} from '@/features/bank-accounts/api/bank-accounts-api';
import styles from './bank-accounts.module.css';

const text = bankAccountsMessages.drawer;

interface AccountValues {
  accountName: string;
  accountNo: string;
  branchNo: string;
}

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
  const [form] = Form.useForm<AccountValues>();
  const [branch, setBranch] = useState<BankBranch | undefined>(account && branchOfAccount(account));
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
    setBranch(account && branchOfAccount(account));
    setProblem(null);
  }, [open, account, orgName, form]);

  const submit = async (values: AccountValues) => {
    setProblem(null);
    const body = { ...values, accountNo: normalizeAccountNo(values.accountNo) };
    const result = account ? await update({ id: account.id, ...body }) : await add(body);
    if ('data' in result) {
      void message.success(account ? text.saved : text.added);
      onClose();
      return;
    }
    const refusal = refusalOf(result.error);
    if (!refusal) return;
    const field = accountFieldOf(refusal.code);
    if (field) form.setFields([{ name: field, errors: [refusal.text] }]);
    else setProblem(refusal.text);
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
        <Form.Item name="accountName" label={text.accountName} extra={text.accountNameHint}>
          <Input readOnly />
        </Form.Item>
        <Form.Item name="accountNo" label={text.accountNo} rules={accountNoRules}>
          <Input
            placeholder={text.accountNoPlaceholder}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
          />
        </Form.Item>
        <Form.Item
          name="branchNo"
          label={text.branch}
          rules={[{ required: true, message: bankMessages.branchPicker.required }]}
        >
          <BranchPicker initialBranch={account && branchOfAccount(account)} onBranch={setBranch} />
        </Form.Item>
        {branch && <BranchFacts branch={branch} />}
      </Form>
    </Drawer>
  );
}
