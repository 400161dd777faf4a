import { useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import {
  APPLICATION_STATUS_COLOR,
  APPLICATION_STATUS_LABEL,
  BILL_STATUS_COLOR,
  BILL_STATUS_LABEL,
  CIRCULATION_COLOR,
  CIRCULATION_LABEL,
  type ApplicationStatus,
  type BillStatus,
  type CirculationFlag,
} from '@contract/bills';
import type { Counterparty } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { amountInWords } from '@/utils/amount';
import { useCounterpartiesQuery } from '@/features/bills/api/bills-api';

const text = billMessages;

export const BillStatusTag = ({ status }: { status: BillStatus }) => (
  <Tag color={BILL_STATUS_COLOR[status]}>{BILL_STATUS_LABEL[status]}</Tag>
);
export const CirculationTag = ({ flag }: { flag: CirculationFlag }) => (
  <Tag color={CIRCULATION_COLOR[flag]}>{CIRCULATION_LABEL[flag]}</Tag>
);
export const ApplicationStatusTag = ({ status }: { status: ApplicationStatus }) => (
  <Tag color={APPLICATION_STATUS_COLOR[status]}>{APPLICATION_STATUS_LABEL[status]}</Tag>
);

/** The Chinese capitals of a typed amount, live beside its input (empty until it is a number). */
export function AmountCapitals({ amount }: { amount: string | undefined }) {
  const words = amountInWords(amount?.trim() || null);
  return (
    <Typography.Text type="secondary" data-testid="amount-capitals">
      {text.capitals}：{words ? `人民币${words}` : '--'}
    </Typography.Text>
  );
}

export interface OrgPickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Organisations not offered (the drawer as payee, the holder as endorsee). */
  exclude?: string[];
  'aria-label'?: string;
  /** The organisation picked, with its name (for the confirmation of the act). */
  onPicked?: (org: Counterparty) => void;
}

/** Searches authenticated organisations with a verified settlement account by name or credit code. */
export function OrgPicker({ id, value, onChange, exclude = [], onPicked, ...rest }: OrgPickerProps) {
  const [keyword, setKeyword] = useState('');
  const found = useCounterpartiesQuery(keyword);
  const options = (found.data ?? [])
    .filter((org) => !exclude.includes(org.orgId))
    .map((org) => ({ value: org.orgId, label: `${org.name}（${org.creditCode}）` }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={(next: string) => {
        onChange?.(next);
        const org = found.data?.find((candidate) => candidate.orgId === next);
        if (org) onPicked?.(org);
      }}
      options={options}
      loading={found.isFetching}
      placeholder={text.pickOrg}
      aria-label={rest['aria-label']}
    />
  );
}

/** A list's error state with a retry; the list itself shows loading and empty states. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactNode {
  if (!error) return null;
  const message = (error as { message?: string }).message;
  return (
    <Alert
      type="error"
      showIcon
      title={text.loadFailed}
      description={message}
      action={
        <Button size="small" onClick={onRetry}>
          {text.retry}
        </Button>
      }
    />
  );
}
