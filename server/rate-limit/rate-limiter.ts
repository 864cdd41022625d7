import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface RateRule {
  /** How many hits a bucket may have in one window. */
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts a hit on a bucket ("contact:<client>") in fixed windows kept in the database, so
 * every app process shares the counters (ARCHITECTURE.md). One upsert per hit.
 */
export async function consume(db: Kysely<Database>, bucket: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const row = await db
    .insertInto("rate_limit")
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet((eb) => ({ hits: eb(eb.ref("rate_limit.hits"), "+", 1) })))
    .returning("hits")
    .executeTakeFirstOrThrow();
  // Old windows are useless after a day; sweep them now and then rather than on a timer.
  if (Math.random() < 0.01)
    await db
      .deleteFrom("rate_limit")
      .where("window_start", "<", now - DAY_MS)
      .execute();
  const hits = Number(row.hits);
  return {
    allowed: hits <= rule.limit,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}
