import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import dayjs, { type Dayjs } from 'dayjs';
import { COUNTERPARTY_FILTER_MAX } from '@contract/bills';
import type { BillListFilter } from '@contract/bills-schemas';
import type { ExportKind } from '@contract/export';
import { billMessages } from '@/locales/zh-CN/bills';
import { commonMessages } from '@/locales/zh-CN/common';
import { useExportBillListMutation } from '@/features/bills/api/bills-api';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountFen, amountRules, isAmount } from '@/components/amount-input/amount';
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@/utils/media-query';
import {
  compact,
  listArgsOf,
  ownParamsOf,
  readListParams,
  sameFilter,
  writeListParams,
  type BillListParams,
  type ListStatuses,
} from './bill-list-params';

const text = billMessages;
const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * A bill list's filters and page, kept in the address under the list's own `prefix` (bill-list-params.ts):
 * a new filter starts again from the first page, and paging keeps the filter. `args` is what the list call
 * takes; `statuses` (by code) are those the list holds, the only ones its address may name.
 */
export function useBillListFilter(prefix: string, statuses?: ListStatuses) {
  const [params, setParams] = useSearchParams();
  const own = ownParamsOf(params, prefix);
  const { filter, page } = useMemo(() => readListParams(own, statuses), [own, statuses]);

  // A new search (查询, 重置) adds an entry to the history and a page replaces it: Back returns to the
  // search before (or the screen before), not through every page clicked on the way. `edit` changes the
  // rest of the address in the same step.
  const write = (next: BillListParams, replace: boolean, edit?: (params: URLSearchParams) => void) => {
    const written = writeListParams(params, prefix, next);
    edit?.(written);
    if (written.toString() !== params.toString()) setParams(written, { replace });
  };
  const setPage = (next: number) => write({ filter, page: next }, true);
  const search = (next: BillListFilter, edit?: (params: URLSearchParams) => void) =>
    write({ filter: next, page: 0 }, false, edit);
  const args = listArgsOf({ filter, page });
  return { page, setPage, filter, search, args, statuses };
}
export type BillListState = ReturnType<typeof useBillListFilter>;

interface FilterForm {
  billStatus?: string;
  counterparty?: string;
  minAmount?: string | null;
  maxAmount?: string | null;
  due?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values as the list call takes them: texts compacted, empty ones left out, dates as days. */
function filterOf(values: FilterForm): BillListFilter {
  const filter: BillListFilter = {};
  const put = (key: keyof BillListFilter, value: string | null | undefined) => {
    if (compact(value)) filter[key] = compact(value);
  };
  put('billStatus', values.billStatus);
  put('counterparty', values.counterparty);
  put('minAmount', values.minAmount);
  put('maxAmount', values.maxAmount);
  put('dueFrom', values.due?.[0]?.format(DATE_FORMAT));
  put('dueTo', values.due?.[1]?.format(DATE_FORMAT));
  return filter;
}

/** The form as it shows an applied filter, the maturity range as days. */
function formOf(filter: BillListFilter): FilterForm {
  const day = (date: string | undefined) => (date ? dayjs(date) : null);
  const { billStatus, counterparty, minAmount, maxAmount, dueFrom, dueTo } = filter;
  return {
    billStatus,
    counterparty,
    minAmount,
    maxAmount,
    due: dueFrom || dueTo ? [day(dueFrom), day(dueTo)] : undefined,
  };
}

/** Whether a filter names an amount or a maturity bound, the fields a phone shows only on demand. */
const hasMoreFilter = ({ minAmount, maxAmount, dueFrom, dueTo }: BillListFilter) =>
  Boolean(minAmount || maxAmount || dueFrom || dueTo);

/** An amount bound may be left empty; typed, it is an amount a bill can have. */
const amountBoundRules = amountRules();

export interface BillFilterBarProps {
  /** The statuses the list holds, by code; without them the bar has no status select. */
  statuses?: ListStatuses;
  statusLabel?: string;
  /** Whose names the counterparty text is matched against, e.g. 出票人/承兑人. */
  counterpartyLabel: string;
  /**
   * The filter the list shows now: the form shows it (a list opened from an address with a filter, Back), and
   * the export carries it, so the file holds the rows on the screen.
   */
  applied: BillListFilter;
  onSearch: (filter: BillListFilter) => void;
  /** The list, as the export centre names it. */
  list: ExportKind;
  /** Whether 导出 is offered (the user can open the export centre for the file). */
  canExport: boolean;
  /** What the list is restricted to beside the bar's filter (one bill's rows): the export is too. */
  restrictedTo?: Pick<BillListFilter, 'packageId'>;
}

/**
 * The filters of a bill list: status, counterparty name, amount range and maturity range (Shanghai calendar
 * days), with 查询, 重置 and 导出. A malformed amount or a crossed range is refused here, in Chinese, and
 * nothing is sent. On a phone the amount and maturity fields, seldom used, wait behind 更多筛选: the list's
 * first screen draws without them (the range picker is the heaviest control of the bar), and a filter that
 * names them (an address, Back) shows them.
 */
export function BillFilterBar({
  statuses,
  statusLabel = text.status,
  counterpartyLabel,
  applied,
  onSearch,
  list,
  canExport,
  restrictedTo,
}: BillFilterBarProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterForm>();
  const [exportList, exporting] = useExportBillListMutation();
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const [moreAsked, setMoreAsked] = useState(false);
  const showMore = !small || moreAsked || hasMoreFilter(applied);
  const formName = `${list}-filter`;

  // 更多筛选 gives way to the fields it stood for: the focus moves on to the first of them.
  useEffect(() => {
    if (moreAsked) document.getElementById(`${formName}_minAmount`)?.focus();
  }, [moreAsked, formName]);

  // The form follows the address when it changes from outside (a link, Back); after a search of its own it
  // stays as typed, so a day still being typed when Enter submits the form is not wiped.
  useEffect(() => {
    if (sameFilter(filterOf(form.getFieldsValue()), applied)) return;
    form.resetFields();
    form.setFieldsValue(formOf(applied));
  }, [form, applied]);

  const exportApplied = async () => {
    const result = await exportList({ kind: list, filter: { ...applied, ...restrictedTo } });
    if ('data' in result) message.success(text.exportCreated);
  };

  return (
    <Form<FilterForm>
      form={form}
      name={formName}
      layout="inline"
      onFinish={(values) => onSearch(filterOf(values))}
      style={{ marginBottom: 16, rowGap: 12 }}
    >
      {statuses && (
        <Form.Item name="billStatus" label={statusLabel}>
          <Select
            aria-label={statusLabel}
            allowClear={{ label: commonMessages.clear }}
            placeholder={text.anyStatus}
            style={{ width: 120 }}
            options={Object.entries(statuses).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      )}
      <Form.Item name="counterparty" label={counterpartyLabel}>
        <Input
          allowClear
          placeholder={text.counterpartyPlaceholder}
          maxLength={COUNTERPARTY_FILTER_MAX}
          style={{ width: 180 }}
        />
      </Form.Item>
      {showMore && (
        <>
          <Form.Item name="minAmount" label={text.minAmount} rules={amountBoundRules}>
            <AmountInput style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="maxAmount"
            label={text.maxAmount}
            dependencies={['minAmount']}
            rules={[
              ...amountBoundRules,
              ({ getFieldValue }) => ({
                validator: async (_, value?: string | null) => {
                  const min = getFieldValue('minAmount') as string | null | undefined;
                  if (!min || !value || !isAmount(min) || !isAmount(value)) return;
                  if (amountFen(min)! > amountFen(value)!) throw new Error(text.amountRangeInvalid);
                },
              }),
            ]}
          >
            <AmountInput style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="due" label={text.dueRange}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[text.dueFrom, text.dueTo]}
              format={DATE_FORMAT}
            />
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {text.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {text.reset}
          </Button>
          {!showMore && (
            <Button type="link" onClick={() => setMoreAsked(true)}>
              {text.moreFilters}
            </Button>
          )}
          {canExport && (
            <Button loading={exporting.isLoading} onClick={() => void exportApplied()}>
              {text.export}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
