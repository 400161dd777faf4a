import { useState } from 'react';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Button from 'antd/es/button';
import {
  BANK_NO_LENGTH,
  BRANCH_NAME_MAX_LENGTH,
  BRANCH_NAME_MIN_LENGTH,
  normalizeAccountNo,
} from '@contract/bank-account';
import type { BankAccountRequest, BankBranch } from '@contract/bank-account-schemas';
import { format } from '@/locales/format';
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
 * region the chosen branch brings; or, where the directory lacks the branch, its 12-digit number and name as
 * the bank gives them (the server checks the number's bank code).
 */
export function BankAccountFields({
  accountNoLabel,
  accountNoPlaceholder,
  initialBranch,
}: BankAccountFieldsProps) {
  const [branch, setBranch] = useState<BankBranch | undefined>(initialBranch);
  const [unlisted, setUnlisted] = useState(false);
  const form = Form.useFormInstance<BankAccountRequest>();
  const switchTo = (typed: boolean) => {
    setUnlisted(typed);
    setBranch(undefined);
    form.setFieldsValue({ branchNo: '', branchName: undefined });
  };
  return (
    <>
      <Form.Item name="accountName" label={text.accountName} extra={text.accountNameHint}>
        <Input readOnly />
      </Form.Item>
      <Form.Item name="accountNo" label={accountNoLabel} rules={accountNoRules}>
        <Input placeholder={accountNoPlaceholder} inputMode="numeric" autoComplete="off" maxLength={40} />
      </Form.Item>
      {unlisted ? (
        <>
          <Form.Item
            name="branchNo"
            label={text.unlistedNo}
            normalize={(value: string) => value.replace(/\s+/g, '')}
            rules={[
              { required: true, message: text.unlistedNoInvalid },
              { pattern: new RegExp(`^\\d{${BANK_NO_LENGTH}}$`), message: text.unlistedNoInvalid },
            ]}
          >
            <Input placeholder={text.unlistedNoPlaceholder} inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="branchName"
            label={text.unlistedName}
            rules={[
              {
                required: true,
                whitespace: true,
                min: BRANCH_NAME_MIN_LENGTH,
                max: BRANCH_NAME_MAX_LENGTH,
                message: format(text.unlistedNameInvalid, {
                  min: BRANCH_NAME_MIN_LENGTH,
                  max: BRANCH_NAME_MAX_LENGTH,
                }),
              },
            ]}
          >
            <Input placeholder={text.unlistedNamePlaceholder} maxLength={BRANCH_NAME_MAX_LENGTH} />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="branchNo"
          label={text.branch}
          rules={[{ required: true, message: bankMessages.branchPicker.required }]}
        >
          <BranchPicker initialBranch={initialBranch} onBranch={setBranch} />
        </Form.Item>
      )}
      {!unlisted && branch && <BranchFacts branch={branch} />}
      <Button type="link" style={{ padding: 0, marginBottom: 16 }} onClick={() => switchTo(!unlisted)}>
        {unlisted ? text.listed : text.unlisted}
      </Button>
    </>
  );
}

/** What the fields send: the number without its spaces, and a branch name only for a branch typed in. */
export const bankAccountBody = ({ branchName, ...values }: BankAccountRequest): BankAccountRequest => ({
  ...values,
  accountNo: normalizeAccountNo(values.accountNo),
  ...(branchName?.trim() ? { branchName: branchName.trim() } : {}),
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
