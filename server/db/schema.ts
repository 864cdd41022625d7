import type { Generated } from "kysely";

/**
 * Table types as the app sees them. Migrations (./migrations) are the source of truth
 * for the physical schema; these types follow them. Timestamps are ISO-8601 strings
 * on both dialects so that services never branch on the database.
 */
export interface RateLimitTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** A keyed hash of the sender's network address: enough to spot abuse, not to locate anyone. */
  client_hash: string;
  created_at: string;
  handled_at: string | null;
}

export interface Database {
  rate_limit: RateLimitTable;
  contact_message: ContactMessageTable;
}

export type Id = Generated<number>;
