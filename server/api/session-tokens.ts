/**
 * Issue #31 (M-3): no answer of /api/auth shows a session token but the caller's own new one,
 * where the mobile app needs it (documented at /api/docs): sign-in, sign-up, and a password
 * change that signed the other sessions out (the caller's old token went with them). Without
 * this, list-sessions gives the token of every session of the account, each one a working
 * bearer, and get-session hands script on the page the token its HttpOnly cookie hides.
 */
const OWN_NEW_TOKEN = /\/(sign-in\/email|sign-up\/email|change-password)$/;

export async function withoutSessionTokens(path: string, response: Response): Promise<Response> {
  if (OWN_NEW_TOKEN.test(path)) return response;
  // The bearer plugin repeats the token of any session cookie it sets, such as get-session's renewal.
  const exposed = response.headers.has("set-auth-token");
  const json = (response.headers.get("content-type") ?? "").includes("application/json");
  if (!exposed && !json) return response;
  const text = json ? await response.clone().text() : "";
  const body = json && text ? stripTokens(JSON.parse(text) as unknown) : undefined;
  if (!exposed && !body?.stripped) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-auth-token");
  headers.delete("content-length");
  return new Response(body?.stripped ? JSON.stringify(body.value) : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A session record, as better-auth returns them: it knows its user and when it expires. */
function isSession(value: object): value is { token: unknown } {
  return "token" in value && "userId" in value && "expiresAt" in value;
}

function stripTokens(value: unknown): { value: unknown; stripped: boolean } {
  if (Array.isArray(value)) {
    const items = value.map(stripTokens);
    return { value: items.map((item) => item.value), stripped: items.some((item) => item.stripped) };
  }
  if (value === null || typeof value !== "object") return { value, stripped: false };
  let stripped = false;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "token" && isSession(value)) {
      stripped = true;
      continue;
    }
    const inner = stripTokens(field);
    copy[key] = inner.value;
    stripped ||= inner.stripped;
  }
  return { value: copy, stripped };
}
