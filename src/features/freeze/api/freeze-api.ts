import type { Page } from '@contract/envelope-schemas';
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
  }),
});

export const { useFreezesQuery } = freezeApi;

/** Reloads the freezes (a realtime event: an order froze or lifted a range). */
export const invalidateFreezes = () => freezeApi.util.invalidateTags([TAG]);
