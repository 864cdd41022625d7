import crypto from "node:crypto";
import { z } from "zod";
import { NUL_REFUSED } from "../api/errors";
import { consume } from "../rate-limit/rate-limiter";
import type { Services } from "../services";

export const CONTACT_LIMITS = { name: 200, email: 320, message: 5000 } as const;
/** The privacy policy promises contact messages are deleted after 12 months. */
export const CONTACT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** Issue #3: at most 5 messages per client in 10 minutes. */
export const CONTACT_RATE = { limit: 5, windowMs: 10 * 60 * 1000 };
export const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes and try again.";

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

export type ContactFields = Record<"name" | "email" | "message", string>;
export type ContactFormResult =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 429;
      error: string;
      retryAfterSeconds?: number;
      /** What was typed, to show again. */ fields: ContactFields;
    };

/**
 * The contact form posted as HTML (/contactus's action): the same rules, messages, limit and
 * store as POST /api/contact. A field that is not text (a file) counts as missing; a NUL
 * character is refused as the API refuses it.
 */
export async function submitContactForm(services: Services, form: FormData, clientHash: string): Promise<ContactFormResult> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const fields: ContactFields = { name: text("name"), email: text("email"), message: text("message") };
  const refuse = (status: 400 | 429, error: string, retryAfterSeconds?: number): ContactFormResult => ({
    ok: false,
    status,
    error,
    retryAfterSeconds,
    fields,
  });
  if (Object.values(fields).some((value) => value.includes("\u0000"))) return refuse(400, NUL_REFUSED);
  const parsed = contactInput.safeParse(fields);
  // One sentence per fault, in the form's order, without the API's "field: " prefix.
  if (!parsed.success) return refuse(400, [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" "));
  const result = await submitContactMessage(services, parsed.data, clientHash);
  return result.ok ? { ok: true } : refuse(429, CONTACT_RATE_MESSAGE, result.retryAfterSeconds);
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
