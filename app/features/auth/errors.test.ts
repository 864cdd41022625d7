import { expect, test } from "vitest";
import { authTexts } from "~/lib/texts";
import { authErrorMessage } from "./errors";

test.each([
  ["INVALID_EMAIL", authTexts.badEmail],
  ["USER_NOT_FOUND", authTexts.userNotFound],
  ["INVALID_EMAIL_OR_PASSWORD", authTexts.wrongPassword],
  ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", authTexts.emailInUse],
  ["PASSWORD_TOO_SHORT", authTexts.weakPassword],
  ["PASSWORD_TOO_COMMON", authTexts.commonPassword],
  ["PASSWORD_BLANK", authTexts.blankPassword],
  ["PASSWORD_IS_EMAIL", authTexts.emailAsPassword],
  ["PASSWORD_IS_NAME", authTexts.nameAsPassword],
  ["PASSWORD_UNCHANGED", authTexts.samePassword],
  ["PASSWORD_REQUIRED", authTexts.passwordRequired],
  ["EMAIL_PASSWORD_DISABLED", authTexts.disabled],
  ["NAME_MISSING", authTexts.missingName],
  ["NAME_TOO_LONG", authTexts.longName],
  ["IMAGE_NOT_ALLOWED", authTexts.badImage],
])("the code %s shows its text", (code, text) => {
  expect(authErrorMessage(400, { code, message: "whatever" })).toBe(text);
});

test("any other error shows 'An unexpected error occurred' with its message", () => {
  expect(authErrorMessage(500, { code: "SOMETHING", message: "Database is asleep" })).toBe(
    "An unexpected error occurred: Database is asleep",
  );
});

test("a 429 shows the rate-limit text", () => {
  expect(authErrorMessage(429, { error: { message: authTexts.tooManyAttempts } })).toBe(authTexts.tooManyAttempts);
});

test("an answer with nothing to say falls back to the generic failure", () => {
  expect(authErrorMessage(502, null)).toBe(authTexts.failed);
});

test("a page at another address than the site's, or another site, is told so in plain words, not as an unexpected error", () => {
  const otherAddress =
    "This is not the site's address: sign-in and sign-up work only at http://localhost:3000. Please open the site there and try again.";
  expect(authErrorMessage(403, { code: "INVALID_ORIGIN", message: otherAddress })).toBe(otherAddress);
  expect(authErrorMessage(403, { error: { code: "forbidden", message: "Requests from other sites are not accepted." } })).toBe(
    "Requests from other sites are not accepted.",
  );
});
