import { authTexts as t, fill } from "~/lib/texts";

/**
 * Spec §8: every answer of the account endpoints, turned into the spec's words. This is
 * the one place where server error codes meet user-facing text.
 */
export function authErrorMessage(
  status: number,
  body: { code?: string; message?: string; error?: { code?: string; message?: string } } | null,
): string {
  if (status === 429) return body?.error?.message ?? t.tooManyAttempts;
  // The cross-site guard's refusals (server/http/cross-site.ts) say in plain words what to do.
  if (status === 403 && body?.error?.code === "forbidden" && body.error.message) return body.error.message;
  const code = body?.code ?? "";
  if (code === "INVALID_EMAIL") return t.badEmail;
  if (code === "USER_NOT_FOUND") return t.userNotFound;
  if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") return t.wrongPassword;
  if (code.startsWith("USER_ALREADY_EXISTS")) return t.emailInUse;
  if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") return t.weakPassword;
  if (code === "PASSWORD_TOO_COMMON") return t.commonPassword;
  if (code === "PASSWORD_BLANK") return t.blankPassword;
  if (code === "PASSWORD_IS_EMAIL") return t.emailAsPassword;
  if (code === "PASSWORD_IS_NAME") return t.nameAsPassword;
  if (code === "PASSWORD_UNCHANGED") return t.samePassword;
  if (code === "PASSWORD_REQUIRED") return t.passwordRequired;
  if (code === "EMAIL_PASSWORD_DISABLED" || code === "EMAIL_PASSWORD_SIGN_UP_DISABLED") return t.disabled;
  if (code === "NAME_MISSING") return t.missingName;
  if (code === "NAME_TOO_LONG") return t.longName;
  if (code === "IMAGE_NOT_ALLOWED") return t.badImage;
  // A page at another address than the site's: the server's message names the address (server/api/auth.ts).
  if (code === "INVALID_ORIGIN") return body?.message ?? t.failed;
  const message = body?.message ?? body?.error?.message;
  return message ? fill(t.unexpected, { message }) : t.failed;
}
