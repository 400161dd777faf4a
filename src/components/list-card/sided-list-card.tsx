import type { ReactNode } from 'react';
import type { AnyObject } from 'antd/es/_util/type';
import type { ColumnsType } from 'antd/es/table';
import { ChoiceFilter, optionsOf, TextFilter } from '@/components/list-filter-bar/filter-fields';
import type { ListFilterBarProps } from '@/components/list-filter-bar/list-filter-bar';
import type { PagedList } from '@/components/paged-table/paged-table';
import { listCardMessages } from '@/locales/zh-CN/list-card';
import { ListCard, type ListState } from './list-card';

const text = listCardMessages;

/** The list's own words: its heading, each side's name (on its button, and the table's while shown), the empty and failed table. */
export interface SidedListTexts {
  listTitle: string;
  sides: Readonly<Record<string, string>>;
  empty: string;
  loadFailed: string;
}

export interface SidedListCardProps<
  T extends AnyObject & { id: string },
  V extends object,
  F,
  S extends string,
> {
  text: SidedListTexts;
  extra?: ReactNode;
  state: ListState<F, S>;
  sides: readonly S[];
  /** The filter form's name (its fields' ids start with it). */
  filterName: string;
  /** The statuses to filter by, labelled by value; the field is `status` unless named otherwise. */
  statuses: Readonly<Record<string, string>>;
  statusField?: string;
  /** The longest part of a package number the server searches for. */
  packageNoMax: number;
  /** The form's values as the list call takes them (`trimmedFilter` where they are texts and choices only). */
  filterOf: (values: V) => F;
  exportList?: ListFilterBarProps<V, F>['exportList'];
  /** Filters of this list beyond the status and the package number. */
  children?: ReactNode;
  list: PagedList<T>;
  columns: ColumnsType<T>;
}

/**
 * A list of applications with two sides (保证, 追索, 提示付款): the side switch, the filters by status and
 * part of the package number (and the list's own), 导出, and the side's table, named after the side.
 */
export function SidedListCard<T extends AnyObject & { id: string }, V extends object, F, S extends string>({
  text: own,
  extra,
  state,
  sides,
  filterName,
  statuses,
  statusField = 'status',
  packageNoMax,
  filterOf,
  exportList,
  children,
  list,
  columns,
}: SidedListCardProps<T, V, F, S>) {
  return (
    <ListCard<T, V, F, S>
      title={own.listTitle}
      extra={extra}
      state={state}
      sides={{ label: text.sideLabel, sides, names: own.sides }}
      filter={{ name: filterName, filterOf, exportList }}
      table={{
        list,
        'aria-label': own.sides[state.side] ?? '',
        rowKey: 'id',
        columns,
        emptyText: own.empty,
        failedText: own.loadFailed,
      }}
    >
      <ChoiceFilter
        name={statusField}
        label={text.statusFilter}
        placeholder={text.allStatuses}
        options={optionsOf(statuses)}
      />
      <TextFilter
        name="packageNo"
        label={text.packageNoFilter}
        placeholder={text.packageNoPlaceholder}
        maxLength={packageNoMax}
      />
      {children}
    </ListCard>
  );
}
