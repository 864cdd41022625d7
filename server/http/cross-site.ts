import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../api/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Names of this machine: the site reached through any of them, on any port, is the site on this machine. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const crossSiteMessages = {
  otherSite: "Requests from other sites are not accepted.",
  noOrigin: "A request that carries cookies must say which site sent it (an Origin header).",
  otherHost: (ownOrigin: string) => `This is not the site's address: changes are accepted only at ${ownOrigin}.`,
} as const;

/**
 * Requests that change something are refused when a browser says another site sent them: a
 * form or script on evil.example posting to our API or to a page's action with the reader's
 * cookie (SameSite=Lax already keeps the session cookie off cross-site POSTs; this refuses the
 * request itself, signed in or not, and covers sibling sub-domains). Browsers say so in
 * `Sec-Fetch-Site`, older ones only in `Origin`. A request with neither comes from no browser
 * (the mobile app with its bearer token, curl) and is let through, unless it carries a cookie:
 * cookies are what a browser adds on its own, so such a request is refused, as better-auth
 * refuses it (issue #31).
 *
 * Writes must also be addressed to the site's own host (BASE_URL; behind trusted proxies, the
 * X-Forwarded-Host they pass on): a page on a name that resolves to our address (DNS rebinding)
 * is same-origin in the browser's eyes, and only the host tells it apart. When BASE_URL is on
 * this machine (development, tests), any of its loopback names and ports will do.
 *
 * `trustedOrigins` (config.trustedOrigins, which better-auth trusts too) are the pages whose
 * Origin is accepted besides the request's own; without BASE_URL, the loopback spellings of the
 * server's address, so both layers take a sign-up from http://127.0.0.1:3000.
 */
export function crossSiteGuard(
  ownOrigin: string,
  { trustForwardedHost = false, trustedOrigins = [ownOrigin] }: { trustForwardedHost?: boolean; trustedOrigins?: string[] } = {},
): MiddlewareHandler {
  const own = new URL(ownOrigin);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const refuse = (message: string) =>
      c.req.path.startsWith("/api/") ? c.json(errorBody("forbidden", message), 403) : c.text(message, 403);
    if (!requestHosts(c, own.protocol, trustForwardedHost).every((host) => isOwnHost(host, own))) {
      return refuse(crossSiteMessages.otherHost(own.origin));
    }
    const site = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    if (site === undefined && origin === undefined) return c.req.header("Cookie") ? refuse(crossSiteMessages.noOrigin) : next();
    const allowed =
      site !== undefined
        ? site === "same-origin" || site === "none"
        : trustedOrigins.includes(origin!) || origin === own.origin || origin === new URL(c.req.url).origin;
    return allowed ? next() : refuse(crossSiteMessages.otherSite);
  };
}

/** The hosts a request was addressed to, as URLs parse them (lower case, no default port); null for one that does not parse. */
function requestHosts(c: Context, protocol: string, trustForwardedHost: boolean): (URL | null)[] {
  const forwarded = trustForwardedHost ? c.req.header("X-Forwarded-Host") : undefined;
  if (!forwarded) return [new URL(c.req.url)];
  return forwarded.split(",").map((host) => URL.parse(`${protocol}//${host.trim()}`));
}

function isOwnHost(url: URL | null, own: URL): boolean {
  if (!url) return false;
  return url.host === own.host || (LOOPBACK.has(url.hostname) && LOOPBACK.has(own.hostname));
}
