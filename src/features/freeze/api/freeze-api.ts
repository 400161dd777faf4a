import type { Page } from '@contract/envelope-schemas';
import { EXPORT_KIND, EXPORT_URL } from '@contract/export';
import type { ExportTask } from '@contract/export-schemas';
import { FREEZE_URL } from '@contract/freeze';
import type { FreezeListQuery, FreezeRecord } from '@contract/freeze-schemas';
import { api } from '@/lib/api';

const TAG = 'Freeze' as const;

/** 冻结: the freezes of ranges the organisation held. */
export const freezeApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    freezes: build.query<Page<FreezeRecord>, FreezeListQuery>({
      query: (params) => ({ url: FREEZE_URL.list, method: 'GET', params }),
      providesTags: [TAG],
    }),
    exportFreezes: build.mutation<ExportTask, Omit<FreezeListQuery, 'page' | 'size'>>({
      query: ({ status, packageNo }) => ({
        url: EXPORT_URL.tasks,
        method: 'POST',
        data: {
          kind: EXPORT_KIND.freezes,
          params: { ...(status ? { billStatus: status } : {}), ...(packageNo ? { packageNo } : {}) },
        },
      }),
    }),
  }),
});

export const { useFreezesQuery, useExportFreezesMutation } = freezeApi;

/** Reloads the freezes (a realtime event: an order froze or lifted a range). */
export const invalidateFreezes = () => freezeApi.util.invalidateTags([TAG]);
