import type { Kysely } from "kysely";
import { CONTENT_SCOPES, type ContentScope } from "../../app/lib/page-cache";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";

export type ContentVersionSnapshot = Partial<Record<ContentScope, number>>;

/**
 * One scope's version as the database has it now (null before migration 0013's row exists):
 * for a value derived from that content and kept between requests, without waiting for a poll.
 */
export async function readContentVersion(db: Kysely<Database>, scope: ContentScope): Promise<number | null> {
  const row = await db.selectFrom("content_version").select("version").where("scope", "=", scope).executeTakeFirst();
  return row ? Number(row.version) : null;
}

/**
 * This process's view of the content versions. Triggers raise a scope's version whenever its
 * content changes, whoever writes it; every process reads the versions again every
 * `pollMs` (so another process's edit reaches this one's cache within that time) and right
 * after each of its own writes (so its own users never see a page older than their change).
 */
export class ContentVersions {
  private versions = new Map<string, number>();
  private inFlight: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
  ) {}

  /** Reads the versions now; concurrent callers share one query. */
  refresh(): Promise<void> {
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  start(pollMs: number): void {
    this.timer ??= setInterval(() => void this.refresh(), pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Every scope's version now, for a page about to be rendered. */
  snapshot(): ContentVersionSnapshot {
    return Object.fromEntries(CONTENT_SCOPES.map((scope) => [scope, this.versions.get(scope) ?? 0]));
  }

  /** Whether no scope in `snapshot` has moved on since it was taken. */
  isCurrent(snapshot: ContentVersionSnapshot): boolean {
    return Object.entries(snapshot).every(([scope, version]) => this.versions.get(scope) === version);
  }

  private async read(): Promise<void> {
    try {
      const rows = await this.db.selectFrom("content_version").select(["scope", "version"]).execute();
      for (const row of rows) this.versions.set(row.scope, Number(row.version));
    } catch (error) {
      // The database is away: cached pages stay as they are (readers keep reading) until it is back.
      this.logger.warn({ err: error }, "content versions could not be read");
    }
  }
}
