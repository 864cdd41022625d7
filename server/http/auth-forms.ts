import { type Context, Hono } from "hono";
import { authErrorMessage } from "../../app/features/auth/errors";
import { AUTH_FLASH_COOKIE, type AuthFlash } from "../../app/features/auth/flash";
import { EMAIL_PATTERN, validateAuthFields } from "../../app/features/auth/validation";
import { safeReturnTo } from "../../app/lib/return-to";
import { CONSENT_MAX_AGE_SECONDS } from "../../app/lib/site";
import { authTexts, fill } from "../../app/lib/texts";
import type { ApiEnv } from "../api/types";

/**
 * The forms of the site's frame, posted as plain HTML (issue #32, docs/decisions/018): the auth
 * dialog's login, sign-up and forgot-password forms, logout, and the cookie banner. They work
 * before any script has run and with JavaScript off.
 *
 * Account forms are answered by the same API endpoints the app calls (`dispatch` sends an
 * internal request through the whole server, so the API's rate limits, origin checks and
 * password rules all apply), then the reader is sent back to the page they were on (303). A
 * refusal goes back the same way with a short-lived cookie (`devprep.flash`) that tells that
 * page to reopen the dialog with the spec's message in its banner and the fields refilled
 * (never the password); the page reads it once and clears it.
 */

type Dispatch = (request: Request, c: Context<ApiEnv>) => Promise<Response>;

const FLASH_MAX_AGE_SECONDS = 60;
const MAX_FLASH_FIELD = 200;


const cookieSuffix = (secure: boolean) => `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;

function flashCookie(flash: AuthFlash, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(flash), "utf8").toString("base64url");
  return `${AUTH_FLASH_COOKIE}=${value}; Max-Age=${FLASH_MAX_AGE_SECONDS}; HttpOnly; ${cookieSuffix(secure)}`;
}

export function clearFlashCookie(secure: boolean): string {
  return `${AUTH_FLASH_COOKIE}=; Max-Age=0; HttpOnly; ${cookieSuffix(secure)}`;
}

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, MAX_FLASH_FIELD) : undefined);

/** The flash a request carries (undefined: none; null: one that does not read, to be cleared all the same). */
export function readAuthFlash(cookieHeader: string | undefined): AuthFlash | null | undefined {
  const raw = cookieHeader
    ?.split(/;\s*/)
    .find((pair) => pair.startsWith(`${AUTH_FLASH_COOKIE}=`))
    ?.slice(AUTH_FLASH_COOKIE.length + 1);
  if (raw === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Record<string, unknown>;
    if (parsed.form !== "login" && parsed.form !== "signup" && parsed.form !== "forgot") return null;
    return {
      form: parsed.form,
      error: text(parsed.error),
      notice: text(parsed.notice),
      email: text(parsed.email),
      name: text(parsed.name),
    };
  } catch {
    return null;
  }
}

function seeOther(location: string, cookies: string[]): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

async function formOf(c: Context<ApiEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export function authForms(dispatch: Dispatch): Hono<ApiEnv> {
  const forms = new Hono<ApiEnv>();

  /** Calls an account endpoint as the browser would, with the reader's cookies, origin and address. */
  const callApi = (c: Context<ApiEnv>, path: string, body: unknown) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set("Content-Type", "application/json");
    headers.set("Accept", "application/json");
    headers.delete("Content-Length");
    const url = new URL(path, c.req.url);
    return dispatch(new Request(url, { method: "POST", headers, body: JSON.stringify(body) }), c);
  };
  const secure = (c: Context<ApiEnv>) => c.var.services.config.secureCookies;
  // A script sending the form (app/lib/enhance/auth.ts) asks for JSON and shows the result in place.
  const wantsJson = (c: Context<ApiEnv>) => (c.req.header("Accept") ?? "").includes("application/json");
  const back = (c: Context<ApiEnv>, returnTo: string, flash: AuthFlash) =>
    wantsJson(c)
      ? c.json({ error: flash.error, notice: flash.notice }, flash.error ? 400 : 200)
      : seeOther(returnTo, [flashCookie(flash, secure(c))]);
  const signedIn = async (c: Context<ApiEnv>, returnTo: string, response: Response) => {
    const cookies = response.headers.getSetCookie();
    if (!wantsJson(c)) return seeOther(returnTo, cookies);
    const { user } = (await response.json()) as { user: { id: string; email: string; name: string | null } };
    const answer = c.json({ user: { id: user.id, email: user.email, name: user.name } });
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    answer.headers.set("Cache-Control", "no-store");
    return answer;
  };
  const refusal = async (response: Response) =>
    authErrorMessage(response.status, (await response.json().catch(() => null)) as Parameters<typeof authErrorMessage>[1]);

  for (const view of ["login", "signup"] as const) {
    forms.post(`/auth/${view}`, async (c) => {
      const form = await formOf(c);
      const returnTo = safeReturnTo(form.returnTo);
      const fields = { email: (form.email ?? "").trim().toLowerCase(), password: form.password ?? "", name: form.name ?? "" };
      const kept = { form: view, email: fields.email, ...(view === "signup" ? { name: fields.name } : {}) } as const;
      const problem = validateAuthFields(fields, view);
      if (problem) return back(c, returnTo, { ...kept, error: problem });
      const response = await callApi(
        c,
        view === "signup" ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email",
        view === "signup"
          ? { name: fields.name.trim(), email: fields.email, password: fields.password }
          : { email: fields.email, password: fields.password },
      );
      if (!response.ok) return back(c, returnTo, { ...kept, error: await refusal(response) });
      return signedIn(c, returnTo, response);
    });
  }

  forms.post("/auth/forgot", async (c) => {
    const form = await formOf(c);
    const returnTo = safeReturnTo(form.returnTo);
    const email = (form.email ?? "").trim().toLowerCase();
    if (!EMAIL_PATTERN.test(email)) return back(c, returnTo, { form: "forgot", email, error: authTexts.invalidEmail });
    const response = await callApi(c, "/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    if (!response.ok) return back(c, returnTo, { form: "forgot", email, error: await refusal(response) });
    return back(c, returnTo, { form: "forgot", email, notice: fill(authTexts.forgotSent, { email }) });
  });

  // Spec §4: logout ends the session and goes home; a failure is only logged.
  forms.post("/auth/logout", async (c) => {
    const response = await callApi(c, "/api/auth/sign-out", {});
    if (!response.ok) c.var.services.logger.warn({ requestId: c.var.requestId, status: response.status }, "logout failed");
    return seeOther("/", response.headers.getSetCookie());
  });

  // Spec §2/§9: 'I understand' sets the consent cookie for 150 days.
  forms.post("/consent", async (c) => {
    const form = await formOf(c);
    const name = c.var.services.config.site.consentCookie;
    return seeOther(safeReturnTo(form.returnTo), [`${name}=true; Max-Age=${CONSENT_MAX_AGE_SECONDS}; ${cookieSuffix(secure(c))}`]);
  });

  return forms;
}
