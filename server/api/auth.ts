import { Hono } from "hono";
import { clientAddress, hashAddress } from "../http/client-address";
import { type RateRule, consume } from "../rate-limit/rate-limiter";
import { rateLimited } from "./errors";
import { withoutSessionTokens } from "./session-tokens";
import type { ApiEnv } from "./types";
import { type Auth, authErrorCodes } from "../auth/auth";
import { authTexts } from "../../app/lib/texts/auth";
import { fill } from "../../app/lib/texts/site";

/** Issue #4: sign-in and sign-up, at most 5 attempts a minute per client, and per email from one client. */
export const AUTH_ATTEMPTS = { limit: 5, windowMs: 60_000 };
/**
 * However many addresses it comes from, one account takes at most this many sign-in attempts
 * (issue #31): high enough that one client cannot lock its owner out, low enough that guessing
 * from many addresses gets nowhere.
 */
export const ACCOUNT_ATTEMPTS = { limit: 30, windowMs: 15 * 60_000 };
/** Changing the password and deleting the account check the current password: as few guesses. */
export const PASSWORD_CHECKS = { limit: 5, windowMs: 15 * 60_000 };
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
/** Issue #4: at most 3 reset mails an hour per email (and 10 per client, against spraying). */
export const RESET_MAILS = { limit: 3, windowMs: 60 * 60_000 };
export const TOO_MANY_RESETS = "Too many reset emails were asked for. Please wait an hour and try again.";
export const TOO_MANY_MAILS = "Too many emails were asked for. Please wait an hour and try again.";

interface Limit {
  path: RegExp;
  name: string;
  perClient: RateRule;
  /** Per email address, from any client. */
  perEmail?: RateRule;
  /** Per email address from this client. */
  perEmailClient?: RateRule;
  /** Per session (cookie or bearer token) asking. */
  perSession?: RateRule;
  message: string;
}

const limits: Limit[] = [
  {
    path: /\/sign-in\/email$/,
    name: "sign-in",
    perClient: AUTH_ATTEMPTS,
    perEmailClient: AUTH_ATTEMPTS,
    perEmail: ACCOUNT_ATTEMPTS,
    message: TOO_MANY_ATTEMPTS,
  },
  {
    path: /\/sign-up\/email$/,
    name: "sign-up",
    perClient: AUTH_ATTEMPTS,
    perEmailClient: AUTH_ATTEMPTS,
    perEmail: ACCOUNT_ATTEMPTS,
    message: TOO_MANY_ATTEMPTS,
  },
  {
    path: /\/request-password-reset$/,
    name: "reset",
    perEmail: RESET_MAILS,
    perClient: { limit: 10, windowMs: 60 * 60_000 },
    message: TOO_MANY_RESETS,
  },
  // Only ADMIN_EMAILS addresses are mailed a verification link (M-5), but asking costs a mail.
  {
    path: /\/send-verification-email$/,
    name: "verify-mail",
    perEmail: RESET_MAILS,
    perClient: { limit: 10, windowMs: 60 * 60_000 },
    message: TOO_MANY_MAILS,
  },
  // A reset token is 24 random characters: these limits only keep the new password's hashing
  // (scrypt, 128 MiB) from being asked for without end.
  { path: /\/reset-password$/, name: "reset-password", perClient: { limit: 10, windowMs: 15 * 60_000 }, message: TOO_MANY_ATTEMPTS },
  {
    path: /\/(change-password|delete-user)$/,
    name: "password-check",
    perClient: { limit: 10, windowMs: 15 * 60_000 },
    perSession: PASSWORD_CHECKS,
    message: TOO_MANY_ATTEMPTS,
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
    const secret = services.authSecret;
    const client = hashAddress(address, secret);
    // Better-auth reads JSON and form bodies alike, so the email is looked for in either.
    const email = limit.perEmail || limit.perEmailClient ? await bodyField(body, c.req.header("Content-Type"), "email") : null;
    const session = limit.perSession ? sessionCredential(c.req.header("Cookie"), c.req.header("Authorization")) : null;
    // A password change or deletion without any session is refused as better-auth would refuse
    // it, without a counter written for it: there is no password to guess, and a flood of them
    // costs no more than a static file.
    if (limit.perSession && !session) return c.json({ message: "Unauthorized", code: "UNAUTHORIZED" }, 401);
    // Likewise a reset with a token that is no reset link's (24 random characters cannot be
    // guessed): refused after one read, as better-auth refuses it, and nothing written.
    if (limit.name === "reset-password") {
      const token = (await bodyField(body, c.req.header("Content-Type"), "token")) ?? c.req.query("token");
      if (!token || !(await isResetToken(services.auth, token))) return c.json({ message: "Invalid token", code: "INVALID_TOKEN" }, 400);
    }
    const db = services.database.db;
    const buckets: [string, RateRule | undefined][] = [
      [`auth:${limit.name}:client:${client}`, limit.perClient],
      [`auth:${limit.name}:email:${email}`, email ? limit.perEmail : undefined],
      [`auth:${limit.name}:email-client:${email}:${client}`, email ? limit.perEmailClient : undefined],
      [`auth:${limit.name}:session:${session && hashAddress(session, secret)}`, session ? limit.perSession : undefined],
    ];
    const decisions = await Promise.all(buckets.map(([bucket, rule]) => (rule ? consume(db, bucket, rule) : null)));
    const refused = decisions.find((d) => d && !d.allowed);
    if (refused) return rateLimited(c, refused.retryAfterSeconds, limit.message);
  }

  const headers = new Headers(c.req.raw.headers);
  headers.set("x-devprep-client", address);
  const response = await services.auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
  return withoutSessionTokens(c.req.path, await explainRefusedOrigin(response, services.config.baseUrl));
});

/**
 * better-auth refuses a page at an origin it does not trust (the site opened at another
 * address than BASE_URL's) with a bare "Invalid origin": the reader is told the address to use.
 */
async function explainRefusedOrigin(response: Response, address: string): Promise<Response> {
  if (response.status !== 403) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (body?.code !== authErrorCodes.originRefused) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return Response.json({ code: body.code, message: fill(authTexts.otherOrigin, { address }) }, { status: 403, headers });
}

/** A text field of a JSON, URL-encoded or multipart body, trimmed (an email lowercased); null when there is none. */
export async function bodyField(body: ArrayBuffer, contentType: string | undefined, name: "email" | "token"): Promise<string | null> {
  try {
    const type = (contentType ?? "").toLowerCase();
    let value: unknown;
    if (type.includes("application/x-www-form-urlencoded")) {
      value = new URLSearchParams(new TextDecoder().decode(body)).get(name);
    } else if (type.includes("multipart/form-data")) {
      value = (await new Response(body, { headers: { "Content-Type": contentType! } }).formData()).get(name);
    } else {
      value = (JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>)[name];
    }
    if (typeof value !== "string" || !value.trim()) return null;
    return name === "email" ? value.trim().toLowerCase() : value.trim();
  } catch {
    return null;
  }
}

/** Whether a reset link with this token is outstanding and unexpired (better-auth's own look-up). */
async function isResetToken(auth: Auth, token: string): Promise<boolean> {
  const { internalAdapter } = await auth.$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!verification && new Date(verification.expiresAt) > new Date();
}

/** What identifies the session asking: its bearer token or its session cookie. */
function sessionCredential(cookie: string | undefined, authorization: string | undefined): string | null {
  const bearer = /^Bearer\s+(\S+)/i.exec(authorization ?? "")?.[1];
  if (bearer) return bearer;
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie ?? "")?.[1] ?? null;
}
