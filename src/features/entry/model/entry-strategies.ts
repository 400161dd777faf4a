import { LOGIN_REDIRECT_DELAY } from '@contract/constants';
import { PLEDGE_FIN_START_PAGE } from '@contract/pledge-fin';
import { paths, pledgeFinancingStartPath, type PledgeFinancingStartPage } from '@/config/paths';
import type { EntryParams } from './entry-link';

/** `jumpPageType` that sends a crToken arrival to the order financing application (spec section 2). */
export const JUMP_PAGE_ORDER = 'ORDER';

/** The start page a pledge financing record's state opens (spec section 2; the states in contract/pledge-fin.ts). */
export function pledgeStartPageFor(state: string | number | null | undefined): PledgeFinancingStartPage {
  return PLEDGE_FIN_START_PAGE[String(state ?? '')] ?? 'detail';
}

export type EntryPhase = 'signing-in' | 'redirecting';

/** What the entry handler needs from the rest of the app (composed in src/app/routes/entry-route.tsx). */
export interface EntryDeps {
  /** Stores `token` as the session's access token and runs the post-login routine. */
  signInWithAccessToken: (token: string) => Promise<void>;
  /** Exchanges a crToken (`POST /oauth/token`, grant cr_token) and runs the post-login routine. */
  signInWithCrToken: (crToken: string) => Promise<void>;
  /** The business record's state, fetched after the sign-in (throws when it cannot be read). */
  fetchBusinessState: (bizType: string, bizId: string) => Promise<string | number | null>;
  onPhase: (phase: EntryPhase) => void;
  navigate: (to: string) => void;
  /** The sign-in failed: the login screen, then an info modal titled 提示 with this error. */
  onFailure: (error: unknown) => void;
  wait?: (ms: number) => Promise<void>;
}

/** One way to arrive: whether it applies, how it signs in, and where it lands. */
export interface EntryStrategy {
  name: string;
  applies: (params: EntryParams) => boolean;
  signIn: (params: EntryParams, deps: EntryDeps) => Promise<void>;
  destination: (params: EntryParams, deps: EntryDeps) => Promise<string>;
}

/**
 * The arrivals of spec section 2, first match wins. A new way to arrive is one more row: the business
 * record row below is where the pledge-financing pages hook in.
 */
export const entryStrategies: readonly EntryStrategy[] = [
  {
    name: 'token-with-business-record',
    applies: (p) => Boolean(p.token && p.bizType && p.bizId),
    signIn: (p, deps) => deps.signInWithAccessToken(p.token!),
    destination: async (p, deps) => {
      try {
        const state = await deps.fetchBusinessState(p.bizType!, p.bizId!);
        return pledgeFinancingStartPath(pledgeStartPageFor(state), p.bizId!);
      } catch {
        return paths.dashboard;
      }
    },
  },
  {
    name: 'token',
    applies: (p) => Boolean(p.token),
    signIn: (p, deps) => deps.signInWithAccessToken(p.token!),
    destination: async () => paths.dashboard,
  },
  {
    name: 'cr-token',
    applies: (p) => Boolean(p.crToken),
    signIn: (p, deps) => deps.signInWithCrToken(p.crToken!),
    destination: async (p) =>
      p.jumpPageType === JUMP_PAGE_ORDER ? paths.directFinancingApply : paths.dashboard,
  },
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec section 2: 登录中 while signing in and for the 2 s redirect delay, then 页面跳转中 for another 2 s,
 * then the destination. A failed sign-in goes to the login screen with the 提示 modal.
 */
export async function runEntry(params: EntryParams, deps: EntryDeps): Promise<void> {
  const wait = deps.wait ?? sleep;
  const strategy = entryStrategies.find((candidate) => candidate.applies(params));
  if (!strategy) {
    deps.navigate(paths.root);
    return;
  }
  deps.onPhase('signing-in');
  try {
    await strategy.signIn(params, deps);
  } catch (error) {
    deps.navigate(paths.login);
    deps.onFailure(error);
    return;
  }
  await wait(LOGIN_REDIRECT_DELAY);
  deps.onPhase('redirecting');
  const destination = await strategy.destination(params, deps);
  await wait(LOGIN_REDIRECT_DELAY);
  deps.navigate(destination);
}
