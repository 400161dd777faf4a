import type { Generated } from 'kysely';

/** Platform messages and who has read them. */
export interface NoticeTables {
  plat_messages: PlatMessageTable;
  plat_message_reads: PlatMessageReadTable;
  plat_message_counts: PlatMessageCountTable;
}

/** A notice (type 2 to-do, 3 announcement) for one member, or for every member of the org when user_id is null. */
export interface PlatMessageTable {
  id: string;
  org_id: string;
  user_id: string | null;
  type: number;
  title: string;
  content: string;
  created_at: number;
  /** Where the notice leads in the web app (a hash-route path), or null; optional on insert. */
  link: Generated<string | null>;
  /** What a to-do is about (`bill-application:<id>`), so it can be closed with it; optional on insert. */
  subject: Generated<string | null>;
  /** When the to-do closed for every member (its subject was answered); null while open. */
  closed_at: Generated<number | null>;
}

/** Who has read which notice; an org-wide notice is read per member. */
export interface PlatMessageReadTable {
  message_id: string;
  user_id: string;
  read_at: number;
}

/**
 * The figures of the notices page and the bell, kept by the notice module's writes (migration 052): per
 * organisation, addressee ('' for every member) and type, how many notices, how many still open, and (a
 * member's row) how many open ones the member has read.
 */
export interface PlatMessageCountTable {
  org_id: string;
  user_id: string;
  type: number;
  notices: Generated<number>;
  open_notices: Generated<number>;
  read_open: Generated<number>;
  /**
   * Moved by every write that moves the row: a member's page is one page at one sum of the versions of their
   * organisation's rows and their own (modules/notice/service.ts keeps answers by it).
   */
  version: Generated<number>;
}
