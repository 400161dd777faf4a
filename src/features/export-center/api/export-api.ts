import { pathOf } from '@contract/paths';
import { EXPORT_URL, type ExportKind } from '@contract/export';
import type { Page } from '@contract/envelope-schemas';
import type { ExportTask } from '@contract/export-schemas';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';

export interface ExportTaskPageArgs {
  page: number;
  size: number;
}

export const exportApi = api.enhanceEndpoints({ addTagTypes: ['ExportTask'] }).injectEndpoints({
  endpoints: (build) => ({
    exportTasks: build.query<Page<ExportTask>, ExportTaskPageArgs>({
      query: ({ page, size }) => ({
        url: EXPORT_URL.tasks,
        method: 'GET',
        params: { page, size },
        silent: true,
      }),
      providesTags: ['ExportTask'],
    }),
    createExportTask: build.mutation<ExportTask, ExportKind>({
      query: (kind) => ({ url: EXPORT_URL.tasks, method: 'POST', data: { kind }, silent: true }),
      invalidatesTags: ['ExportTask'],
    }),
  }),
});

export const { useExportTasksQuery, useCreateExportTaskMutation } = exportApi;

/** A finished task's file, saved under the name its Content-Disposition gives. */
export function downloadExportFile(task: Pick<ExportTask, 'id' | 'fileName'>): Promise<string> {
  return downloadFile(
    { url: pathOf(EXPORT_URL.file, { id: task.id }), method: 'GET' },
    task.fileName || 'export.xlsx',
  );
}

/** The task list is stale (a task finished elsewhere). */
export const invalidateExportTasks = () => exportApi.util.invalidateTags(['ExportTask']);
