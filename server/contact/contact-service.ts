import crypto from "node:crypto";
import { z } from "zod";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";

export const CONTACT_LIMITS = { name: 200, email: 320, message: 5000 } as const;
/** The privacy policy promises contact messages are deleted after 12 months. */
export const CONTACT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** Issue #3: at most 5 messages per client in 10 minutes. */
export const CONTACT_RATE = { limit: 5, windowMs: 10 * 60 * 1000 };

export const contactInput = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(CONTACT_LIMITS.name, `Your name can be at most ${CONTACT_LIMITS.name} characters.`),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(CONTACT_LIMITS.email, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(CONTACT_LIMITS.message, `Your message can be at most ${CONTACT_LIMITS.message.toLocaleString("en")} characters.`),
});

export type ContactInput = z.infer<typeof contactInput>;

export type ContactResult = { ok: true; id: string } | { ok: false; retryAfterSeconds: number };

/** Stores a contact message unless the client has sent too many lately. */
export async function submitContactMessage(services: Services, input: ContactInput, clientHash: string): Promise<ContactResult> {
  const { db } = services.database;
  const decision = await consume(db, `contact:${clientHash}`, CONTACT_RATE);
  if (!decision.allowed) return { ok: false, retryAfterSeconds: decision.retryAfterSeconds };
  const id = crypto.randomUUID();
  const now = new Date();
  await db
    .insertInto("contact_message")
    .values({ id, ...input, client_hash: clientHash, created_at: now.toISOString(), handled_at: null })
    .execute();
  await deleteExpiredContactMessages(services, now);
  return { ok: true, id };
}

/** Newest first, for the team's inbox (an admin screen comes with moderation). */
export async function listContactMessages(services: Services, limit = 50) {
  return services.database.db.selectFrom("contact_message").selectAll().orderBy("created_at", "desc").limit(limit).execute();
}

/** Deletes messages past the retention period (run on each new message: no timer needed). */
export async function deleteExpiredContactMessages(services: Services, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CONTACT_RETENTION_MS).toISOString();
  const result = await services.database.db.deleteFrom("contact_message").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
