import type { Generated } from 'kysely';

/** The export centre. */
export interface ExportTables {
  export_tasks: ExportTaskTable;
}

/** An export centre task; a worker claims it with a lease, so a crashed node's task is taken over. */
export interface ExportTaskTable {
  id: string;
  org_id: string;
  user_id: string;
  kind: string;
  name: string;
  /** JSON of the export's filters. */
  params: string;
  /** pending | running | done | failed */
  status: string;
  progress: Generated<number>;
  file_name: string;
  ascii_file_name: string;
  row_count: number | null;
  error: string | null;
  attempts: Generated<number>;
  lease_expires_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}
