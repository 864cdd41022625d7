import { authTexts } from "~/lib/texts";

/** Spec §5: non-space text, an @, a domain and a dot suffix. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;
/** Issue #31: a display name's length after trimming (authTexts.longName says the number). */
export const MAX_NAME_LENGTH = 100;

export interface AuthFields {
  email: string;
  password: string;
  name?: string;
}

/** What is wrong with the fields first, by the spec's text's key (the island has no text dictionary). */
export type AuthFieldProblem = "missingName" | "invalidEmail" | "shortPassword";

export function authFieldProblem(fields: AuthFields, view: "login" | "signup"): AuthFieldProblem | null {
  if (view === "signup" && !fields.name?.trim()) return "missingName";
  if (!EMAIL_PATTERN.test(fields.email.trim())) return "invalidEmail";
  if (fields.password.length < MIN_PASSWORD_LENGTH) return "shortPassword";
  return null;
}

/** The first problem with the fields, as the spec words it, or null when they are fine. */
export function validateAuthFields(fields: AuthFields, view: "login" | "signup"): string | null {
  const problem = authFieldProblem(fields, view);
  return problem && authTexts[problem];
}
