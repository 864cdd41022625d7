import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The client's network address: the first X-Forwarded-For hop when we sit behind a proxy
 * we trust (TRUST_PROXY), else the socket's peer. "unknown" when neither is known.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/** A keyed hash of an address: stable for rate limits, useless for locating anyone. */
export function hashAddress(address: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(address).digest("hex").slice(0, 32);
}

/** The requesting client as a rate-limit bucket key: its address (behind a trusted proxy, the forwarded one), hashed. */
export function clientKey(c: Context, services: { config: { trustProxy: boolean }; authSecret: string }): string {
  return hashAddress(clientAddress(c, services.config.trustProxy), services.authSecret);
}
