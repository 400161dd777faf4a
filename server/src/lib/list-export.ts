import type { ExportParams } from '@contract/export-schemas';
import type { Db } from '../db/database';
import { pagesOf, type PageRequest } from './paging';

/** A column of an exported sheet: its header and its width in characters. */
export interface SheetColumn {
  header: string;
  width: number;
}

/**
 * A module's list as the export centre writes it, declared once beside the list: its sheet, how the export's
 * parameters become the list's filter, the list call's own count and page with that filter, and the texts
 * of a row's cells. The export then holds what the list call shows with the same filter.
 */
export interface ListExportSpec<F, T> {
  sheet: string;
  columns: SheetColumn[];
  /** The list's filter from the export's parameters; throws the list's 400 for a malformed one. */
  filterOf(params: ExportParams): F;
  count(db: Db, orgId: string, filter: F, now: number): Promise<number>;
  page(db: Db, orgId: string, paging: PageRequest, filter: F, now: number): Promise<{ content: T[] }>;
  cells(row: T): string[];
}

/** What the export centre asks of a list, whatever its filter and its rows. */
export interface ListExport {
  sheet: string;
  columns: SheetColumn[];
  /** Rows the list holds now with the export's filter (an export's size, checked against the cap). */
  count(db: Db, orgId: string, params: ExportParams, now: number): Promise<number>;
  /** The rows as the texts of their cells, `batch` at a time, at most `cap` in all. */
  batches(
    db: Db,
    orgId: string,
    params: ExportParams,
    now: number,
    batch: number,
    cap: number,
  ): AsyncGenerator<string[][]>;
}

export function listExport<F, T>(spec: ListExportSpec<F, T>): ListExport {
  return {
    sheet: spec.sheet,
    columns: spec.columns,
    count: (db, orgId, params, now) => spec.count(db, orgId, spec.filterOf(params), now),
    async *batches(db, orgId, params, now, batch, cap) {
      const filter = spec.filterOf(params);
      const pages = pagesOf(
        (paging) => spec.page(db, orgId, paging, filter, now).then((page) => page.content),
        batch,
        cap,
      );
      for await (const rows of pages) yield rows.map((row) => spec.cells(row));
    },
  };
}

/** The export's status filter when it names one of the list's `statuses`; none otherwise, as the list reads it. */
export function statusOf<S extends string>(params: ExportParams, statuses: readonly S[]): S | undefined {
  return statuses.find((status) => status === params.billStatus);
}
