import { expect, test } from "vitest";
import { authTexts } from "~/lib/texts";
import { validateAuthFields } from "./validation";

test("an email without a dot suffix is refused with the spec's message", () => {
  expect(validateAuthFields({ email: "ada@example", password: "secret1" }, "login")).toBe(authTexts.invalidEmail);
});

test("an email with a space is refused", () => {
  expect(validateAuthFields({ email: "ada lovelace@example.com", password: "secret1" }, "login")).toBe(authTexts.invalidEmail);
});

test("a five-character password is refused and six are accepted", () => {
  expect(validateAuthFields({ email: "ada@example.com", password: "12345" }, "login")).toBe(authTexts.shortPassword);
  expect(validateAuthFields({ email: "ada@example.com", password: "123456" }, "login")).toBeNull();
});

test("sign-up needs a name that is not only spaces", () => {
  expect(validateAuthFields({ email: "ada@example.com", password: "123456", name: "   " }, "signup")).toBe(authTexts.missingName);
  expect(validateAuthFields({ email: "ada@example.com", password: "123456", name: "Ada" }, "signup")).toBeNull();
});
