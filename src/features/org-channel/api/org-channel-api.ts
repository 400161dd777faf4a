import type { CheckedDefaultChannel, OrgChannel } from '@contract/shell-schemas';
import { api, fromCache } from '@/lib/api';
import type { RootState } from '@/lib/store';

/** The organisation's billing channels (spec section 7, organisation calls). */
export const ORG_CHANNEL_URL = {
  list: '/api/scbill/org/channel/list',
  checkedDefault: '/api/scbill/org/channel/checked/default',
  setDefault: '/api/scbill/org/channel/default',
} as const;

const orgChannelApi = api.enhanceEndpoints({ addTagTypes: ['OrgChannel'] }).injectEndpoints({
  endpoints: (build) => ({
    orgChannels: build.query<OrgChannel[], void>({
      query: () => ({ url: ORG_CHANNEL_URL.list, method: 'GET', silent: true }),
      transformResponse: (answer: OrgChannel[] | null) => answer ?? [],
      providesTags: ['OrgChannel'],
    }),
    checkedDefaultChannel: build.query<CheckedDefaultChannel, void>({
      query: () => ({ url: ORG_CHANNEL_URL.checkedDefault, method: 'GET', silent: true }),
      providesTags: ['OrgChannel'],
    }),
    setDefaultChannel: build.mutation<unknown, string>({
      query: (channelId) => ({ url: ORG_CHANNEL_URL.setDefault, method: 'PUT', params: { channelId } }),
      invalidatesTags: ['OrgChannel'],
    }),
  }),
});

export const { useOrgChannelsQuery, useCheckedDefaultChannelQuery, useSetDefaultChannelMutation } =
  orgChannelApi;

const checkedDefaultChannelResult = fromCache(orgChannelApi.endpoints.checkedDefaultChannel.select());

/** The global state's checkedDefaultChannel (spec section 3): null until the shell's lookup answers. */
export const selectCheckedDefaultChannel = (state: RootState): CheckedDefaultChannel | null =>
  checkedDefaultChannelResult(state).data ?? null;
