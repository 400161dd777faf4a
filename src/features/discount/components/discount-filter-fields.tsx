import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { APPLICATION_STATUS_LABEL, type ApplicationStatus } from '@contract/bills';
import { DISCOUNT_FILTER_TEXT_MAX } from '@contract/discount';
import type { DiscountListFilter } from '@contract/discount-schemas';
import type { Institution } from '@contract/institution-schemas';
import {
  compactFilter,
  InstitutionFilterFields,
  optionsOf,
} from '@/components/list-filter-bar/filter-fields';
import { discountMessages } from '@/locales/zh-CN/discount';

const text = discountMessages;
const DATE_FORMAT = 'YYYY-MM-DD';

export interface DiscountFilterForm {
  packageNo?: string;
  status?: ApplicationStatus;
  institutionOrgId?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The form as the list call takes it: texts without spaces or line breaks, empty values left out. */
export function discountFilterOf({ dates, ...chosen }: DiscountFilterForm): DiscountListFilter {
  const [from, to] = dates ?? [];
  return {
    ...compactFilter(chosen),
    ...(from ? { dateFrom: from.format(DATE_FORMAT) } : {}),
    ...(to ? { dateTo: to.format(DATE_FORMAT) } : {}),
  };
}

/** 我的贴现's filters: package number, status, institution and discount dates. */
export function DiscountFilterFields({ institutions }: { institutions: Institution[] }) {
  return (
    <>
      <InstitutionFilterFields
        text={text}
        statuses={optionsOf(APPLICATION_STATUS_LABEL)}
        institutions={institutions}
        packageNoMax={DISCOUNT_FILTER_TEXT_MAX}
      />
      <Form.Item name="dates" label={text.dateFilter}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[text.dateFrom, text.dateTo]}
          format={DATE_FORMAT}
        />
      </Form.Item>
    </>
  );
}
