import { SHELL_URL } from '@contract/shell';
import type { CheckedDefaultChannel, OrgChannel } from '@contract/shell-schemas';
import { api, fromCache } from '@/lib/api';
import type { RootState } from '@/lib/store';

const orgChannelApi = api.enhanceEndpoints({ addTagTypes: ['OrgChannel'] }).injectEndpoints({
  endpoints: (build) => ({
    orgChannels: build.query<OrgChannel[], void>({
      query: () => ({ url: SHELL_URL.channelList, method: 'GET', silent: true }),
      transformResponse: (answer: OrgChannel[] | null) => answer ?? [],
      providesTags: ['OrgChannel'],
    }),
    checkedDefaultChannel: build.query<CheckedDefaultChannel, void>({
      query: () => ({ url: SHELL_URL.channelCheckedDefault, method: 'GET', silent: true }),
      providesTags: ['OrgChannel'],
    }),
    setDefaultChannel: build.mutation<unknown, string>({
      query: (channelId) => ({ url: SHELL_URL.channelDefault, method: 'PUT', params: { channelId } }),
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
