import { isCommonPassword } from "./common-passwords";

/**
 * Issue #31 (M-4, ASVS 6.2): what a new password may not be, beyond its length, which
 * better-auth checks. Each refusal has its code, which the client turns into its own words
 * (app/features/auth/errors.ts).
 */
export const passwordRefusals = {
  blank: { code: "PASSWORD_BLANK", message: "The password cannot be only spaces." },
  email: { code: "PASSWORD_IS_EMAIL", message: "The password cannot be your email address." },
  name: { code: "PASSWORD_IS_NAME", message: "The password cannot be your name." },
  common: { code: "PASSWORD_TOO_COMMON", message: "This password is too common." },
} as const;

export type PasswordRefusal = (typeof passwordRefusals)[keyof typeof passwordRefusals];

/** Whose password it is, when known: a sign-up's fields, or the account being reset or changed. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/** Case and spaces aside: "Ada Lovelace" and "adalovelace" are one name. */
const loose = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/** Why the password is refused, or null when it may be used. */
export async function passwordRefusal(password: string, owner: PasswordOwner = {}): Promise<PasswordRefusal | null> {
  if (!password.trim()) return passwordRefusals.blank;
  const typed = loose(password);
  const email = loose(owner.email ?? "");
  if (email && (typed === email || typed === email.split("@")[0])) return passwordRefusals.email;
  const name = loose(owner.name ?? "");
  if (name && typed === name) return passwordRefusals.name;
  if (await isCommonPassword(password)) return passwordRefusals.common;
  return null;
}
