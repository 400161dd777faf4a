/**
 * Pledges (质押, docs/domain.md: pledge and release): the holder pledges all or the front of a negotiable
 * range to a financial institution, which signs or refuses through its adapter; while pledged (TF0304) the
 * holder keeps the range but can do nothing with it. The pledgee asks to release it, the pledgor signs (or
 * refuses), and the range is negotiable again. Plain values only: the SPA imports this file at run time;
 * the shapes are declared in pledge-schemas.ts.
 */

export const PLEDGE_URL = {
  /** `POST`: the holder applies to pledge the front of a holding to an institution (a ledger act). */
  apply: '/api/scbill/pledge/apply',
  /** `POST` (`:id` the pledge's): the holder withdraws a pledge application not yet answered. */
  withdraw: '/api/scbill/pledge/:id/withdraw',
  /** `GET`, paging and the filters in the query: the organisation's pledges, newest first. */
  list: '/api/scbill/pledge/list',
  /** `POST` (`:id` the pledge's): the pledgor signs the pledgee's release, the range is negotiable again. */
  releaseSign: '/api/scbill/pledge/:id/release/sign',
  /** `POST` (`:id` the pledge's): the pledgor refuses the release with a reason; the range stays pledged. */
  releaseRefuse: '/api/scbill/pledge/:id/release/refuse',
  /** `GET`: the sandbox institutions' pledges, for a developer to ask their release in their place. */
  sandboxPledges: '/api/sandbox/institution/pledges',
  /** `POST` (`:id` the pledge's): a sandbox institution asks the pledgor to release the pledge. */
  sandboxRelease: '/api/sandbox/institution/pledges/:id/release',
  /**
   * `POST` (`:id` the pledge's): a sandbox institution, pledgee of a bill that matured pledged, presents it
   * for payment (day-end does so on the maturity date in its place).
   */
  sandboxPresent: '/api/sandbox/institution/pledges/:id/present',
} as const;

/** Where a pledge stands, from its application to its release. */
export const PLEDGE_STATUS = {
  /** Waiting for the institution's answer; the range is locked (TF0302). */
  pending: 'pending',
  refused: 'refused',
  withdrawn: 'withdrawn',
  /** Signed: the range is pledged (TF0304). */
  pledged: 'pledged',
  /** Pledged, and the pledgee asks the pledgor to release it. */
  releasing: 'releasing',
  /** Released: the range was negotiable again from then. */
  released: 'released',
  /** Ended by payment: the acceptor paid the pledgee the bill at maturity (到期兑付). */
  paid: 'paid',
} as const;
export type PledgeStatus = (typeof PLEDGE_STATUS)[keyof typeof PLEDGE_STATUS];
export const PLEDGE_STATUSES: readonly PledgeStatus[] = Object.values(PLEDGE_STATUS);

export const PLEDGE_STATUS_LABEL: Record<PledgeStatus, string> = {
  pending: '质押待签收',
  refused: '已驳回',
  withdrawn: '已撤回',
  pledged: '已质押',
  releasing: '解除待签收',
  released: '已解除',
  paid: '已兑付',
};
export const PLEDGE_STATUS_COLOR: Record<PledgeStatus, string> = {
  pending: 'gold',
  refused: 'red',
  withdrawn: 'default',
  pledged: 'magenta',
  releasing: 'orange',
  released: 'green',
  paid: 'blue',
};

/** A pledge's remark, as an endorsement's. */
export const PLEDGE_REMARK_MAX = 200;

/** The 质押 page of the web app (its hash route, src/config/paths.ts pledge). */
export const PLEDGE_HASH_PATH = '/chain-bill/pledge';
/** Where a release's to-do leads the pledgor: the page's list of its pledges. */
export const PLEDGE_MINE_LINK = `${PLEDGE_HASH_PATH}?tab=mine`;
