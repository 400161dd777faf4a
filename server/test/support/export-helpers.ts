import ExcelJS from 'exceljs';
import { EXPORT_KIND_NAME } from '@contract/export';
import type { ExportTask, ExportTaskRequest } from '@contract/export-schemas';
import type { TestApp } from './helpers';
import { billCall, dataOf, listOf } from './bill-helpers';

/** An xlsx file as exceljs reads it back. */
export async function workbookOf(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as the texts of their cells, the header first; none for a sheet the workbook lacks. */
export function rowsOf(sheet: ExcelJS.Worksheet | undefined): string[][] {
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

/**
 * Asks the export centre for a list's export, waits for its task to finish, and answers the rows of its one
 * sheet (a list's export holds exactly one, named by the task as the export kind's name).
 */
export async function exportedRows(
  t: TestApp,
  accessToken: string,
  body: ExportTaskRequest,
): Promise<string[][]> {
  const created = await dataOf<ExportTask>(
    await billCall(t.app, 'POST', '/api/export-tasks', accessToken, body),
    201,
  );
  let task: ExportTask | undefined;
  for (let i = 0; i < 200 && task?.status !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    task = (await listOf<ExportTask>(t, '/api/export-tasks?size=50', accessToken)).content.find(
      (x) => x.id === created.id,
    );
    expect(task?.status).not.toBe('failed');
  }
  expect(task).toMatchObject({ status: 'done', name: EXPORT_KIND_NAME[body.kind] });
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/export-tasks/${created.id}/file`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(file.statusCode).toBe(200);
  const workbook = await workbookOf(file.rawPayload);
  expect(workbook.worksheets).toHaveLength(1);
  return rowsOf(workbook.worksheets[0]);
}
