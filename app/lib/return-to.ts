// Where a form or a sign-in sends the reader back to (server/http/auth-forms.ts, the Google
// sign-in's last page): only a page of this site, never another origin.

/** Where to go back to: a path on this site, else home. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.length > 2000 || [...value].some((char) => char.charCodeAt(0) < 0x20)) return "/";
  return value;
}
