import { expect, test } from "vitest";
import { displayName } from "./session";

test("the display name is the user's name when there is one", () => {
  expect(displayName({ name: "Ada Lovelace", email: "ada@example.com" }, "User")).toBe("Ada Lovelace");
});

test("without a name it is the part of the email before the @", () => {
  expect(displayName({ name: "  ", email: "grace@example.com" }, "User")).toBe("grace");
  expect(displayName({ name: null, email: "grace@example.com" }, "User")).toBe("grace");
});

test("without either it is the fallback 'User'", () => {
  expect(displayName({ name: null, email: "" }, "User")).toBe("User");
  expect(displayName(null, "User")).toBe("User");
});
