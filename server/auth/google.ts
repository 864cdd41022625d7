import { safeReturnTo } from "../../app/lib/return-to";
import type { Services } from "../services";
import { GOOGLE_PROVIDER } from "./auth";

export const POPUP_DONE_PATH = "/auth/popup-done";
export type PopupError = "unavailable" | "network" | "failed";

/** The popup-done page, with the page to return to when there is no popup (sign-in without scripts). */
function donePath(returnTo: string, error?: PopupError): string {
  return `${POPUP_DONE_PATH}?${new URLSearchParams({ ...(error ? { error } : {}), returnTo })}`;
}

function done(returnTo: string, error?: PopupError): Response {
  return new Response(null, { status: 302, headers: { Location: donePath(returnTo, error) } });
}

async function issuerReachable(issuer: string): Promise<boolean> {
  try {
    const response = await fetch(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The start of Google sign-in in the popup (/auth/google): check that the provider can
 * be reached, then hand over to better-auth, which sets its state cookie and sends the
 * popup to the provider. Every failure ends on the popup-done page with a reason that
 * the opener turns into the spec's message.
 */
export async function startGoogleSignIn(services: Services, request: Request): Promise<Response> {
  const { google } = services.config;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (!google.clientId || !google.clientSecret) return done(returnTo, "unavailable");
  if (!(await issuerReachable(google.issuer))) return done(returnTo, "network");
  try {
    const { headers, response } = await services.auth.api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER,
        callbackURL: donePath(returnTo),
        errorCallbackURL: donePath(returnTo, "failed"),
        disableRedirect: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!response.url) return done(returnTo, "failed");
    const out = new Headers({ Location: response.url });
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    return new Response(null, { status: 302, headers: out });
  } catch (error) {
    services.logger.warn({ err: error }, "Google sign-in could not start");
    return done(returnTo, "failed");
  }
}
