import { Type, type Static } from 'typebox';
import { literalUnion, type Assert, type Same } from './common-schemas';
import {
  EXPORT_KIND,
  EXPORT_STATUS,
  type ExportParams as ExportParamsShape,
  type ExportTask as ExportTaskShape,
  type ExportTaskRequest as ExportTaskRequestShape,
} from './export';
import { BillListQuery } from './bills-schemas';
import { BIZ_TYPES } from './statistics';

/** TypeBox schemas of the shapes in contract/export.ts, for the server's routes. */

const ExportKindSchema = literalUnion(Object.values(EXPORT_KIND));

export const ExportParams = Type.Object({
  bizType: Type.Optional(literalUnion(BIZ_TYPES)),
  billStatus: BillListQuery.properties.billStatus,
  counterparty: BillListQuery.properties.counterparty,
  minAmount: BillListQuery.properties.minAmount,
  maxAmount: BillListQuery.properties.maxAmount,
  dueFrom: BillListQuery.properties.dueFrom,
  dueTo: BillListQuery.properties.dueTo,
  packageId: BillListQuery.properties.packageId,
  sort: BillListQuery.properties.sort,
});
export type ExportParams = ExportParamsShape;
export type _CheckExportParams = Assert<Same<Static<typeof ExportParams>, ExportParamsShape>>;

export const ExportTaskRequest = Type.Object({
  kind: ExportKindSchema,
  params: Type.Optional(ExportParams),
});
export type ExportTaskRequest = ExportTaskRequestShape;
export type _CheckExportTaskRequest = Assert<Same<Static<typeof ExportTaskRequest>, ExportTaskRequestShape>>;

export const ExportTask = Type.Object({
  id: Type.String(),
  kind: ExportKindSchema,
  name: Type.String(),
  status: literalUnion(Object.values(EXPORT_STATUS)),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  fileName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ExportTask = ExportTaskShape;
export type _CheckExportTask = Assert<Same<Static<typeof ExportTask>, ExportTaskShape>>;

export const ExportTaskParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
