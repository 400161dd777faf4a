import { useState, type ReactNode } from 'react';
import type { AnyObject } from 'antd/es/_util/type';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import { CardTitle } from '@/components/card-title/card-title';
import { ListFilterBar, type ListFilterBarProps } from '@/components/list-filter-bar/list-filter-bar';
import { PagedTable, type PagedTableProps } from '@/components/paged-table/paged-table';
import styles from './list-card.module.css';

/** How many rows a list card shows on a page. */
export const LIST_PAGE_SIZE = 10;

/**
 * What a list's page keeps, since its query asks with it: the side shown, the filter searched and the page
 * (from 0, of `size` rows). A new side or a new search starts again from the first page.
 */
export interface ListState<F, S extends string = never> {
  side: S;
  filter: F;
  page: number;
  size: number;
  chooseSide: (side: S) => void;
  search: (filter: F) => void;
  setPage: (page: number) => void;
}

/** The state of a list: of one with two sides, opened on `initialSide`; of one without, with no side. */
export function useListState<F extends object, S extends string = never>(initialSide?: S): ListState<F, S> {
  const [side, setSide] = useState(initialSide as S);
  const [filter, setFilter] = useState({} as F);
  const [page, setPage] = useState(0);
  return {
    side,
    filter,
    page,
    size: LIST_PAGE_SIZE,
    chooseSide: (next) => {
      setSide(next);
      setPage(0);
    },
    search: (next) => {
      setFilter(next);
      setPage(0);
    },
    setPage,
  };
}

/** The two sides of a list of applications, one shown at a time: what the organisation asked, what it is asked. */
export interface ListSides<S extends string> {
  /** The switch's accessible name. */
  label: string;
  sides: readonly S[];
  /** Each side's name on its button. */
  names: Readonly<Record<string, string>>;
}

export interface ListCardProps<T extends AnyObject, V extends object, F, S extends string> {
  /** The card's heading: a section of its page. */
  title: ReactNode;
  /** What the card's head carries at its right (a way to a related page). */
  extra?: ReactNode;
  className?: string;
  state: ListState<F, S>;
  /** The switch between the list's two sides, above its filters. */
  sides?: ListSides<S>;
  /** The filter bar (查询, 重置 and, where exported, 导出), its fields the card's children. */
  filter?: Omit<ListFilterBarProps<V, F>, 'children' | 'onSearch'>;
  children?: ReactNode;
  table: Omit<PagedTableProps<T>, 'page' | 'pageSize' | 'onPage'>;
}

/** A page's list of records: its heading, the switch between its sides where it has two, the filter bar and the paged table. */
export function ListCard<T extends AnyObject, V extends object, F, S extends string = never>({
  title,
  extra,
  className,
  state,
  sides,
  filter,
  children,
  table,
}: ListCardProps<T, V, F, S>) {
  return (
    <Card title={<CardTitle>{title}</CardTitle>} extra={extra} className={className}>
      {sides && (
        <Radio.Group
          aria-label={sides.label}
          optionType="button"
          value={state.side}
          onChange={(event) => state.chooseSide(event.target.value as S)}
          options={sides.sides.map((value) => ({ value, label: sides.names[value] }))}
          className={styles.sides}
        />
      )}
      {filter && (
        <ListFilterBar<V, F> {...filter} onSearch={state.search}>
          {children}
        </ListFilterBar>
      )}
      <PagedTable<T> {...table} page={state.page} pageSize={state.size} onPage={state.setPage} />
    </Card>
  );
}
