import crypto from "node:crypto";
import { consume } from "../rate-limit/rate-limiter";
import type { SnippetTable } from "../db/schema";
import type { Services } from "../services";
import type { SessionUser } from "../users/user-service";

/** Issue #7: code shared from the live compiler. */
export const SNIPPET_LIMITS = { bytes: 100 * 1024, perHour: 20 } as const;
export const SNIPPET_LANGUAGES = ["javascript", "typescript", "html", "python", "sql"] as const;

const ALPHABET = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/** A short id for links: 10 characters from 56 (about 58 bits), without look-alike characters. */
function newId(): string {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export type CreateResult = { kind: "created"; id: string } | { kind: "too-large" } | { kind: "rate-limited"; retryAfterSeconds: number };

export async function createSnippet(
  services: Services,
  input: { language: SnippetTable["language"]; code: string },
  author: SessionUser | null,
  clientHash: string,
): Promise<CreateResult> {
  if (Buffer.byteLength(input.code, "utf8") > SNIPPET_LIMITS.bytes) return { kind: "too-large" };
  const rate = await consume(services.database.db, `snippet:${clientHash}`, { limit: SNIPPET_LIMITS.perHour, windowMs: 3_600_000 });
  if (!rate.allowed) return { kind: "rate-limited", retryAfterSeconds: rate.retryAfterSeconds };
  const id = newId();
  await services.database.db
    .insertInto("snippet")
    .values({
      id,
      language: input.language,
      code: input.code,
      user_id: author?.id ?? null,
      client_hash: clientHash,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { kind: "created", id };
}

export async function findSnippet(services: Services, id: string) {
  if (!/^[A-Za-z0-9]{1,16}$/.test(id)) return null;
  const row = await services.database.db
    .selectFrom("snippet")
    .select(["id", "language", "code", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, language: row.language, code: row.code, createdAt: row.created_at } : null;
}

/** The user's shared snippets, newest first, with the first line as a title. */
export async function listOwnSnippets(services: Services, user: SessionUser) {
  const rows = await services.database.db
    .selectFrom("snippet")
    .select(["id", "language", "code", "created_at"])
    .where("user_id", "=", user.id)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    language: r.language,
    firstLine: (r.code.split("\n").find((line) => line.trim()) ?? "").trim().slice(0, 120),
    createdAt: r.created_at,
  }));
}
