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

/** better-auth's user table plus our fields (migration 0003). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  signupFrom: string;
  lastLogin: string | Date | null;
  role: "user" | "admin";
}

export interface SessionTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  rate_limit: RateLimitTable;
  contact_message: ContactMessageTable;
}

export type Id = Generated<number>;
