import crypto from "node:crypto";
import { z } from "zod";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";

export const CONTACT_LIMITS = { name: 200, email: 320, message: 5000 } as const;
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
  await db
    .insertInto("contact_message")
    .values({ id, ...input, client_hash: clientHash, created_at: new Date().toISOString(), handled_at: null })
    .execute();
  return { ok: true, id };
}

/** Newest first, for the team's inbox (an admin screen comes with moderation). */
export async function listContactMessages(services: Services, limit = 50) {
  return services.database.db.selectFrom("contact_message").selectAll().orderBy("created_at", "desc").limit(limit).execute();
}
