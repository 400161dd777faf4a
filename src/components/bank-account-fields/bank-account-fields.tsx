import { useState } from 'react';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { normalizeAccountNo, type BankAccountRequest, type BankBranch } from '@contract/bank-account';
import { BranchFacts } from '@/components/branch-picker/branch-facts';
import { BranchPicker } from '@/components/branch-picker/branch-picker';
import type { Refusal } from '@/lib/refusal';
import { bankMessages } from '@/locales/zh-CN/bank';
import { accountFieldOf, accountNoRules } from '@/utils/account-number';

const text = bankMessages.accountForm;

export interface BankAccountFieldsProps {
  /** 银行账号, or 对公银行账号 where only the corporate account will do. */
  accountNoLabel: string;
  accountNoPlaceholder: string;
  /** The branch of the account being edited, so its name shows before any search. */
  initialBranch?: BankBranch | undefined;
}

/**
 * The fields of a bank account inside a Form: the account name (the organisation's, which the server insists
 * on, so it is not typed), the number (6-32 digits) and the branch from the directory, with the bank and
 * region the chosen branch brings.
 */
export function BankAccountFields({
  accountNoLabel,
  accountNoPlaceholder,
  initialBranch,
}: BankAccountFieldsProps) {
  const [branch, setBranch] = useState<BankBranch | undefined>(initialBranch);
  return (
    <>
      <Form.Item name="accountName" label={text.accountName} extra={text.accountNameHint}>
        <Input readOnly />
      </Form.Item>
      <Form.Item name="accountNo" label={accountNoLabel} rules={accountNoRules}>
        <Input placeholder={accountNoPlaceholder} inputMode="numeric" autoComplete="off" maxLength={40} />
      </Form.Item>
      <Form.Item
        name="branchNo"
        label={text.branch}
        rules={[{ required: true, message: bankMessages.branchPicker.required }]}
      >
        <BranchPicker initialBranch={initialBranch} onBranch={setBranch} />
      </Form.Item>
      {branch && <BranchFacts branch={branch} />}
    </>
  );
}

/** What the fields send: the number without its spaces. */
export const bankAccountBody = (values: BankAccountRequest): BankAccountRequest => ({
  ...values,
  accountNo: normalizeAccountNo(values.accountNo),
});

/**
 * Puts a refusal under the field it is about (a number already added, a branch not in the directory, a name
 * that is not the organisation's); answers its text when it is about none, for the form's own alert.
 */
export function placeAccountRefusal(form: FormInstance<BankAccountRequest>, refusal: Refusal): string | null {
  const field = accountFieldOf(refusal.code);
  if (!field) return refusal.text;
  form.setFields([{ name: field, errors: [refusal.text] }]);
  return null;
}
