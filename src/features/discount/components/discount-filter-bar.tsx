import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { Dayjs } from 'dayjs';
import { APPLICATION_STATUS_LABEL, type ApplicationStatus } from '@contract/bills';
import { DISCOUNT_FILTER_TEXT_MAX } from '@contract/discount';
import type { DiscountListFilter } from '@contract/discount-schemas';
import type { Institution } from '@contract/institution-schemas';
import { ListFilterBar } from '@/components/list-filter-bar/list-filter-bar';
import { commonMessages } from '@/locales/zh-CN/common';
import { discountMessages } from '@/locales/zh-CN/discount';
import { useExportDiscountsMutation } from '@/features/discount/api/discount-api';

const text = discountMessages;
const DATE_FORMAT = 'YYYY-MM-DD';

interface FilterForm {
  packageNo?: string;
  status?: ApplicationStatus;
  institutionOrgId?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The form as the list call takes it: texts without spaces or line breaks, empty values left out. */
export function discountFilterOf(values: FilterForm): DiscountListFilter {
  const filter: DiscountListFilter = {};
  const packageNo = values.packageNo?.replace(/\s+/g, '');
  if (packageNo) filter.packageNo = packageNo;
  if (values.status) filter.status = values.status;
  if (values.institutionOrgId) filter.institutionOrgId = values.institutionOrgId;
  const [from, to] = values.dates ?? [];
  if (from) filter.dateFrom = from.format(DATE_FORMAT);
  if (to) filter.dateTo = to.format(DATE_FORMAT);
  return filter;
}

export interface DiscountFilterBarProps {
  institutions: Institution[];
  /** The filter the list shows now: 导出 writes these rows. */
  applied: DiscountListFilter;
  onSearch: (filter: DiscountListFilter) => void;
  /** Whether 导出 is offered (the user can open the export centre for the file). */
  canExport: boolean;
}

/** 我的贴现's filters: package number, status, institution and discount dates, with 查询, 重置 and 导出. */
export function DiscountFilterBar({ institutions, applied, onSearch, canExport }: DiscountFilterBarProps) {
  const [exportList, exporting] = useExportDiscountsMutation();
  return (
    <ListFilterBar<FilterForm, DiscountListFilter>
      name="discounts-filter"
      filterOf={discountFilterOf}
      onSearch={onSearch}
      exportList={canExport ? { run: () => exportList(applied), loading: exporting.isLoading } : undefined}
    >
      <Form.Item name="packageNo" label={text.packageNo}>
        <Input
          allowClear
          placeholder={text.packageNoPlaceholder}
          maxLength={DISCOUNT_FILTER_TEXT_MAX}
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item name="status" label={text.statusFilter}>
        <Select
          aria-label={text.statusFilter}
          allowClear={{ label: commonMessages.clear }}
          placeholder={text.allStatuses}
          style={{ width: 120 }}
          options={Object.entries(APPLICATION_STATUS_LABEL).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item name="institutionOrgId" label={text.institutionFilter}>
        <Select
          aria-label={text.institutionFilter}
          allowClear={{ label: commonMessages.clear }}
          placeholder={text.allInstitutions}
          style={{ width: 180 }}
          options={institutions.map((i) => ({ value: i.orgId, label: i.name }))}
        />
      </Form.Item>
      <Form.Item name="dates" label={text.dateFilter}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[text.dateFrom, text.dateTo]}
          format={DATE_FORMAT}
        />
      </Form.Item>
    </ListFilterBar>
  );
}
