/** Pledges (modules/pledge): each pledge beside its application, and the pledgee's requests to release it. */
export interface PledgeTables {
  bill_pledges: BillPledgeTable;
  bill_pledge_releases: BillPledgeReleaseTable;
}

export interface BillPledgeTable {
  /** The bill_applications row of kind pledge; it names the pledge. */
  application_id: string;
  package_id: string;
  pledgor_org_id: string;
  /** The institution the range is pledged to. */
  pledgee_org_id: string;
  /** The holding that rests pledged (TF0304) from the signature until the release; null before. */
  holding_id: string | null;
  pledged_at: number | null;
  /** When it ended, by release or by payment. */
  released_at: number | null;
  /** When the acceptor paid its pledgee the bill at maturity, which ended it (已兑付); null otherwise. */
  paid_at: number | null;
  created_at: number;
}

export interface BillPledgeReleaseTable {
  id: string;
  pledge_id: string;
  /** pending | signed | refused | withdrawn */
  status: string;
  /** The pledgor's reason for refusing. */
  reason: string | null;
  /** The pledgor's member who answered. */
  answered_by: string | null;
  applied_at: number;
  answered_at: number | null;
}
