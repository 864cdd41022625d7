import { Hono } from "hono";
import { clientAddress, hashAddress } from "../http/client-address";
import { consume } from "../rate-limit/rate-limiter";
import { errorBody } from "./errors";
import type { ApiEnv } from "./types";

/** Issue #4: sign-in and sign-up, at most 5 attempts a minute per client and per email. */
export const AUTH_ATTEMPTS = { limit: 5, windowMs: 60_000 };
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

const limited = /\/(sign-in|sign-up)\/email$/;

/**
 * /api/auth/* is better-auth's handler (its own request and error shapes, documented in
 * docs/decisions/003). In front of it: our rate limits, counted in the shared database
 * table, and the client's address in a header better-auth reads and clients cannot forge.
 */
export const authRouter = new Hono<ApiEnv>().on(["GET", "POST"], "/*", async (c) => {
  const { services } = c.var;
  const address = clientAddress(c, services.config.trustProxy);
  const body = c.req.method === "POST" ? await c.req.arrayBuffer() : undefined;

  const action = limited.exec(c.req.path)?.[1];
  if (action && body) {
    const email = parseEmail(body);
    const db = services.database.db;
    const decisions = await Promise.all([
      consume(db, `auth:${action}:client:${hashAddress(address, services.authSecret)}`, AUTH_ATTEMPTS),
      email ? consume(db, `auth:${action}:email:${email}`, AUTH_ATTEMPTS) : null,
    ]);
    const refused = decisions.find((d) => d && !d.allowed);
    if (refused) {
      c.header("Retry-After", String(refused.retryAfterSeconds));
      return c.json(errorBody("rate_limited", TOO_MANY_ATTEMPTS), 429);
    }
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
