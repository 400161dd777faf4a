import ExcelJS from 'exceljs';
import type { ExportTask } from '@contract/export-schemas';
import type { TestApp } from './helpers';
import { billCall, dataOf, listOf } from './bill-helpers';

/** Asks the export centre for `body`, waits for its task to finish, and answers the first sheet's rows. */
export async function exportedRows(t: TestApp, accessToken: string, body: object): Promise<string[][]> {
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
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/export-tasks/${created.id}/file`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}
