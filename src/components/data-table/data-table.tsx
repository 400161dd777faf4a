import {
  cloneElement,
  isValidElement,
  useContext,
  useEffect,
  useRef,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import type { PaginationProps } from 'antd/es/pagination';
import type { AnyObject } from 'antd/es/_util/type';
// The one place that draws antd's Table: every other module draws it through this one.
// eslint-disable-next-line no-restricted-imports
import AntdTable, { type TableProps, type TableRef } from 'antd/es/table';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import zhCN from 'antd/es/locale/zh_CN';
import { commonMessages } from '@/locales/zh-CN/common';
import styles from './data-table.module.css';

/**
 * What antd's pager names in English, by the icons inside its buttons ("left", "right"), named as its
 * zh_CN locale titles them.
 */
const pageItemNames: Partial<Record<string, string | undefined>> = {
  prev: zhCN.Pagination?.prev_page,
  next: zhCN.Pagination?.next_page,
};

/**
 * The jumps by five pages are list items that take the focus and carry their Chinese title (向后 5 页);
 * what they draw inside ("double-right", "ellipsis") is decoration, hidden from screen readers.
 */
const DECORATED_ITEMS = new Set(['jump-prev', 'jump-next']);

export const namedPageItem: NonNullable<PaginationProps['itemRender']> = (_page, type, element) => {
  if (!isValidElement(element)) return element;
  const item = element as ReactElement<{ 'aria-label'?: string; 'aria-hidden'?: boolean }>;
  if (DECORATED_ITEMS.has(type)) return cloneElement(item, { 'aria-hidden': true });
  const name = pageItemNames[type];
  return name ? cloneElement(item, { 'aria-label': name }) : element;
};

/**
 * antd copies each column's title into a hidden row that measures the columns of a scrolling table
 * (aria-hidden), the select-all checkbox with it: a control there would take the focus unseen
 * (axe: aria-hidden-focus), so the copy is inert.
 */
function SelectionTitle({ children }: { children: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <span inert>{children}</span> : children;
}

function namedSelection<T extends AnyObject>(
  selection: NonNullable<TableProps<T>['rowSelection']>,
): TableProps<T>['rowSelection'] {
  const { getCheckboxProps, getTitleCheckboxProps, columnTitle } = selection;
  // Without a select-all checkbox (radio rows, hidden, or antd's own selection menu) the title is left alone.
  const selectAll = selection.type !== 'radio' && !selection.hideSelectAll && !selection.selections;
  return {
    ...selection,
    ...(selectAll && {
      columnTitle: (checkbox: ReactNode) => (
        <SelectionTitle>
          {typeof columnTitle === 'function' ? columnTitle(checkbox) : (columnTitle ?? checkbox)}
        </SelectionTitle>
      ),
    }),
    // antd names these "Select all" and "Select row 3"; a table may name its rows better itself.
    getTitleCheckboxProps: () => ({ 'aria-label': commonMessages.selectPage, ...getTitleCheckboxProps?.() }),
    getCheckboxProps: (record) => ({ 'aria-label': commonMessages.selectRow, ...getCheckboxProps?.(record) }),
  };
}

/** The parts of antd's table that scroll sideways when its columns are wider than its card. */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A table wider than its card scrolls inside it, and a keyboard must reach what is scrolled out of view
 * (WCAG 2.1.1): such a scroller takes the focus, so the arrow keys move it. One that does not scroll stays
 * out of the tab order.
 */
function markScrollers(root: HTMLElement | null | undefined): void {
  for (const scroller of root?.querySelectorAll<HTMLElement>(SCROLLERS) ?? []) {
    if (scroller.scrollWidth > scroller.clientWidth) scroller.tabIndex = 0;
    else scroller.removeAttribute('tabindex');
  }
}

function useKeyboardScrolling(table: RefObject<TableRef | null>): void {
  // New rows or columns can make the table wider than its card: checked after every render.
  useEffect(() => markScrollers(table.current?.nativeElement));
  // So can a narrower card: one observer for the table's life.
  useEffect(() => {
    const root = table.current?.nativeElement;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => markScrollers(root));
    observer.observe(root);
    return () => observer.disconnect();
  }, [table]);
}

/**
 * antd's Table, with every control of it named in Chinese (the pager's buttons, the selection
 * checkboxes), as wide as its columns need and scrolling sideways inside its card (data-table.module.css),
 * which a keyboard does too.
 */
/**
 * A table's props: antd's, with `scroll` for a fixed height only. How wide a table draws and its sideways
 * scrolling are this component's (data-table.module.css); antd's `scroll.x` would measure every column.
 */
export type DataTableProps<T extends AnyObject> = Omit<TableProps<T>, 'scroll'> & {
  scroll?: { y?: number | string };
};

export function Table<T extends AnyObject>({
  pagination,
  rowSelection,
  className,
  ...props
}: DataTableProps<T>): ReactNode {
  const table = useRef<TableRef>(null);
  useKeyboardScrolling(table);
  return (
    <AntdTable<T>
      ref={table}
      {...props}
      className={className ? `${styles.table} ${className}` : styles.table}
      pagination={pagination === false ? false : { itemRender: namedPageItem, ...pagination }}
      rowSelection={rowSelection && namedSelection(rowSelection)}
    />
  );
}
