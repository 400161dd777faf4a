import type { ReactNode } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { commonMessages } from '@/locales/zh-CN/common';

/** Wide enough for a status or an institution's short name, and for a whole package number. */
const CHOICE_WIDTH = 140;
const TEXT_WIDTH = 260;

export interface ChoiceFilterProps {
  /** The field of the filter form the choice is kept in. */
  name: string;
  /** Its label, which also names the select for screen readers (antd's select takes no `htmlFor`). */
  label: string;
  /** What the emptied select says: every row is listed (全部状态). */
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  width?: number;
}

/** A filter bar's choice of one value (a status, an institution), cleared to list them all. */
export function ChoiceFilter({ name, label, placeholder, options, width = CHOICE_WIDTH }: ChoiceFilterProps) {
  return (
    <Form.Item name={name} label={label}>
      <Select
        aria-label={label}
        allowClear={{ label: commonMessages.clear }}
        placeholder={placeholder}
        style={{ width }}
        options={[...options]}
      />
    </Form.Item>
  );
}

export interface TextFilterProps {
  name: string;
  label: string;
  placeholder: string;
  maxLength: number;
  width?: number;
  /** A clear button in the field, where the list's filters offer one. */
  allowClear?: boolean;
}

/** A filter bar's typed text (a package number); the bar's `filterOf` trims it and leaves it out when blank. */
export function TextFilter({
  name,
  label,
  placeholder,
  maxLength,
  width = TEXT_WIDTH,
  allowClear,
}: TextFilterProps) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear={allowClear} placeholder={placeholder} maxLength={maxLength} style={{ width }} />
    </Form.Item>
  );
}

/** A select's options from a record of labels by value (a contract's STATUS_LABEL), in its order. */
export const optionsOf = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A filter form's values as a list call takes them: texts trimmed, and what is empty left out. */
export function trimmedFilter<V extends object>(values: V): V {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const shown: unknown = typeof value === 'string' ? value.trim() : value;
    if (shown !== undefined && shown !== null && shown !== '') kept[key] = shown;
  }
  return kept as V;
}

/** A filter form's values as a list call takes them: texts without spaces or line breaks, and what is empty left out. */
export function compactFilter<V extends object>(values: V): V {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const shown: unknown = typeof value === 'string' ? value.replace(/\s+/g, '') : value;
    if (shown !== undefined && shown !== null && shown !== '') kept[key] = shown;
  }
  return kept as V;
}

/** The labels of the filters of a list of applications to institutions (贴现, 质押). */
export interface InstitutionFilterTexts {
  packageNo: string;
  packageNoPlaceholder: string;
  statusFilter: string;
  allStatuses: string;
  institutionFilter: string;
  allInstitutions: string;
}

export interface InstitutionFilterFieldsProps {
  text: InstitutionFilterTexts;
  statuses: ReadonlyArray<{ value: string; label: string }>;
  institutions: ReadonlyArray<{ orgId: string; name: string }>;
  /** The longest part of a package number the server searches for. */
  packageNoMax: number;
}

/** A list of applications to institutions filtered by part of the package number, its status and the institution. */
export function InstitutionFilterFields({
  text,
  statuses,
  institutions,
  packageNoMax,
}: InstitutionFilterFieldsProps) {
  return (
    <>
      <TextFilter
        name="packageNo"
        label={text.packageNo}
        placeholder={text.packageNoPlaceholder}
        maxLength={packageNoMax}
        width={220}
        allowClear
      />
      <ChoiceFilter
        name="status"
        label={text.statusFilter}
        placeholder={text.allStatuses}
        options={statuses}
        width={130}
      />
      <ChoiceFilter
        name="institutionOrgId"
        label={text.institutionFilter}
        placeholder={text.allInstitutions}
        options={institutions.map((i) => ({ value: i.orgId, label: i.name }))}
        width={180}
      />
    </>
  );
}
