import { TOKEN_REFRESH_GUARD } from '@contract/constants';
import { restartRealtime } from '@/lib/realtime';
import {
  getAccessToken,
  getAuthInfo,
  LOCAL_KEY,
  readJson,
  setAuthInfo,
  type StoredAuthInfo,
} from '@/lib/storage';

/** What a refresh grant answers (spec section 4); the refresh token rotates. */
export interface RefreshedTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
  scope?: string;
}

/** Sends the refresh grant for the stored sign-in; the request layer supplies it (it owns the transport). */
export type SendRefreshGrant = (authInfo: StoredAuthInfo) => Promise<RefreshedTokens>;

/** The Web Lock every tab of this origin takes around a refresh, so tabs sharing a sign-in rotate it once. */
export const REFRESH_LOCK_NAME = 'chain-bill:token-refresh';

/** The sign-in could not be renewed (spec section 4: rejected with a refreshToken flag). */
export class TokenRefreshError extends Error {
  override readonly name = 'TokenRefreshError';
  readonly refreshToken = true;
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export interface TokenRefresher {
  /**
   * The access token to replay a call with that was refused with `invalid_token`/`token_expired` after it
   * had been sent with `sentToken`. Starts at most one refresh however many calls ask at once.
   */
  freshAccessToken(sentToken: string | undefined): Promise<string>;
  /** Tests: forget the in-flight refresh and the guard. */
  reset(): void;
}

const isSharedAuthInfo = (value: unknown): value is StoredAuthInfo =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { access_token?: unknown }).access_token === 'string' &&
  (value as { access_token: string }).access_token !== '';

/** The copy every tab writes (local storage); this tab's own copy may be older. */
function readSharedAuthInfo(): StoredAuthInfo | null {
  return readJson(localStorage, LOCAL_KEY.authInfo, isSharedAuthInfo);
}

/** Another tab renewed the sign-in since the refused call was sent: its tokens are this tab's too. */
function adopt(authInfo: StoredAuthInfo): string {
  setAuthInfo(authInfo);
  restartRealtime();
  return authInfo.access_token;
}

function changedSince(sentToken: string | undefined): StoredAuthInfo | null {
  const shared = readSharedAuthInfo();
  return shared && shared.access_token !== sentToken ? shared : null;
}

/** Runs `task` holding the cross-tab lock; browsers without Web Locks run it at once. */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK_NAME, task) as Promise<T>) : task();
}

/**
 * Token refresh of spec section 4, safe under concurrency:
 * - a call refused with an old token (a late 401) is replayed with the current one, no refresh;
 * - calls refused with the current token share one refresh;
 * - for TOKEN_REFRESH_GUARD after a refresh, a refusal of the token it just issued is not refreshed again;
 * - across tabs: under a Web Lock, tokens another tab stored since are used instead of refreshing, and a
 *   refused refresh (the loser of a rotation race gets invalid_grant) looks at storage once more.
 */
export function createTokenRefresher(sendGrant: SendRefreshGrant): TokenRefresher {
  let inFlight: Promise<string> | null = null;
  let guardUntil = 0;
  let guardedToken: string | null = null;

  async function refreshUnderLock(sentToken: string | undefined): Promise<string> {
    const renewedElsewhere = changedSince(sentToken);
    if (renewedElsewhere) return adopt(renewedElsewhere);
    const own = getAuthInfo();
    if (!own?.refresh_token) throw new TokenRefreshError('no refresh token stored');

    let tokens: RefreshedTokens;
    try {
      tokens = await sendGrant(own);
    } catch (error) {
      const winner = changedSince(sentToken);
      if (winner) return adopt(winner);
      throw new TokenRefreshError('refresh refused', error);
    }
    const renewed: StoredAuthInfo = {
      ...own,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? own.refresh_token,
      expires_in: tokens.expires_in ?? own.expires_in,
      token_type: tokens.token_type ?? own.token_type,
      scope: tokens.scope ?? own.scope,
      date: Date.now(),
    };
    setAuthInfo(renewed);
    restartRealtime();
    return renewed.access_token;
  }

  function freshAccessToken(sentToken: string | undefined): Promise<string> {
    const current = getAccessToken();
    if (!current) return Promise.reject(new TokenRefreshError('signed out'));
    if (current !== sentToken) return Promise.resolve(current);
    if (inFlight) return inFlight;
    if (current === guardedToken && Date.now() < guardUntil) {
      return Promise.reject(new TokenRefreshError('the token just issued was refused'));
    }
    const refresh = exclusively(() => refreshUnderLock(sentToken)).then((token) => {
      guardedToken = token;
      guardUntil = Date.now() + TOKEN_REFRESH_GUARD;
      return token;
    });
    inFlight = refresh;
    const settle = () => {
      if (inFlight === refresh) inFlight = null;
    };
    refresh.then(settle, settle);
    return refresh;
  }

  return {
    freshAccessToken,
    reset() {
      inFlight = null;
      guardUntil = 0;
      guardedToken = null;
    },
  };
}
