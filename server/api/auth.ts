import { Hono } from "hono";
import { clientAddress, hashAddress } from "../http/client-address";
import { consume } from "../rate-limit/rate-limiter";
import { rateLimited } from "./errors";
import type { ApiEnv } from "./types";

/** Issue #4: sign-in and sign-up, at most 5 attempts a minute per client and per email. */
export const AUTH_ATTEMPTS = { limit: 5, windowMs: 60_000 };
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
/** Issue #4: at most 3 reset mails an hour per email (and 10 per client, against spraying). */
export const RESET_MAILS = { limit: 3, windowMs: 60 * 60_000 };
export const TOO_MANY_RESETS = "Too many reset emails were asked for. Please wait an hour and try again.";

const limits: { path: RegExp; name: string; perEmail: typeof AUTH_ATTEMPTS; perClient: typeof AUTH_ATTEMPTS; message: string }[] = [
  { path: /\/sign-in\/email$/, name: "sign-in", perEmail: AUTH_ATTEMPTS, perClient: AUTH_ATTEMPTS, message: TOO_MANY_ATTEMPTS },
  { path: /\/sign-up\/email$/, name: "sign-up", perEmail: AUTH_ATTEMPTS, perClient: AUTH_ATTEMPTS, message: TOO_MANY_ATTEMPTS },
  {
    path: /\/request-password-reset$/,
    name: "reset",
    perEmail: RESET_MAILS,
    perClient: { limit: 10, windowMs: 60 * 60_000 },
    message: TOO_MANY_RESETS,
  },
];

/**
 * /api/auth/* is better-auth's handler (its own request and error shapes, documented in
 * docs/decisions/003). In front of it: our rate limits, counted in the shared database
 * table, and the client's address in a header better-auth reads and clients cannot forge.
 */
export const authRouter = new Hono<ApiEnv>().on(["GET", "POST"], "/*", async (c) => {
  const { services } = c.var;
  const address = clientAddress(c, services.config.trustProxy);
  const body = c.req.method === "POST" ? await c.req.arrayBuffer() : undefined;

  const limit = c.req.method === "POST" ? limits.find((l) => l.path.test(c.req.path)) : undefined;
  if (limit && body) {
    const email = parseEmail(body);
    const db = services.database.db;
    const decisions = await Promise.all([
      consume(db, `auth:${limit.name}:client:${hashAddress(address, services.authSecret)}`, limit.perClient),
      email ? consume(db, `auth:${limit.name}:email:${email}`, limit.perEmail) : null,
    ]);
    const refused = decisions.find((d) => d && !d.allowed);
    if (refused) return rateLimited(c, refused.retryAfterSeconds, limit.message);
  }

  const headers = new Headers(c.req.raw.headers);
  headers.set("x-devprep-client", address);
  return services.auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
});

function parseEmail(body: ArrayBuffer): string | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { email?: unknown };
    return typeof parsed.email === "string" ? parsed.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}
