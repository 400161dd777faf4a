import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { OAUTH_SCOPE } from '@contract/constants';
import { clearSignIn } from '@/lib/storage';
import { useAppDispatch } from '@/lib/store';
import { completeSignIn } from '@/features/auth/model/post-login';
import { clearTopTips } from '@/features/auth/model/top-tips';
import {
  exchangeCrToken,
  fetchAccountWithToken,
  fetchBusinessState,
} from '@/features/entry/api/entry-requests';
import { EntryScreen, type EntryScreenDeps } from '@/features/entry/components/entry-screen';
import { loadChannelConfig } from '@/features/auth/api/channel-config';
import { ChannelConfigGate } from '@/features/org-channel/components/channel-config-gate';

/**
 * Arriving by an entry link (spec section 2): the entry feature's handler, signing in through the auth
 * feature's post-login routine.
 */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const deps = useMemo<EntryScreenDeps>(() => {
    /** The post-login routine; a half-finished one leaves no session behind. */
    const finishSignIn = async (answer: Parameters<typeof completeSignIn>[0]) => {
      try {
        clearTopTips();
        await dispatch(completeSignIn(answer));
      } catch (error) {
        clearSignIn();
        throw error;
      }
    };
    return {
      signInWithAccessToken: async (token) => {
        const account = await fetchAccountWithToken(token);
        // The link's token is an access token without a refresh token: the session ends when it does.
        await finishSignIn({
          access_token: token,
          token_type: 'bearer',
          refresh_token: '',
          expires_in: 0,
          scope: OAUTH_SCOPE,
          account,
        });
      },
      signInWithCrToken: async (crToken) => finishSignIn(await exchangeCrToken(crToken)),
      fetchBusinessState,
      navigate: (to, options) => void navigate(to, options),
    };
  }, [dispatch, navigate]);

  return (
    <ChannelConfigGate load={loadChannelConfig}>
      <EntryScreen deps={deps} />
    </ChannelConfigGate>
  );
}
