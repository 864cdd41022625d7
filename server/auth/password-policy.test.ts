import { expect, test } from "vitest";
import { COMMON_LIST_SIZE, commonPasswordList } from "./common-passwords";
import { passwordRefusal, passwordRefusals } from "./password-policy";

test("the list holds the 100,000 most common passwords and no more of the package's data", async () => {
  const list = await commonPasswordList();
  expect(COMMON_LIST_SIZE).toBe(100_000);
  // Lowercased, so a few entries fold together.
  expect(list.size).toBeGreaterThan(95_000);
  expect(list.has("123456")).toBe(true);
  // The 100,000th, and a word from the package's longer lists that follow it.
  expect(list.has("070162")).toBe(true);
  expect(list.has("actividad")).toBe(false);
  expect(await commonPasswordList()).toBe(list);
});

test.each([
  ["        ", {}, passwordRefusals.blank],
  ["\t\n  \t", {}, passwordRefusals.blank],
  ["Ada@Example.com", { email: "ada@example.com" }, passwordRefusals.email],
  ["ada.king", { email: "Ada.King@example.com" }, passwordRefusals.email],
  ["ada lovelace", { name: "Ada Lovelace" }, passwordRefusals.name],
  ["AdaLovelace", { name: "Ada Lovelace" }, passwordRefusals.name],
  ["PASSWORD1", {}, passwordRefusals.common],
  ["devprep123", {}, passwordRefusals.common],
  ["dolphins1", {}, passwordRefusals.common],
])("%j is refused", async (password, owner, refusal) => {
  expect(await passwordRefusal(password, owner)).toBe(refusal);
});

test("a password that is none of these is accepted", async () => {
  expect(await passwordRefusal("analytical engine 1843", { email: "ada@example.com", name: "Ada Lovelace" })).toBeNull();
  // Containing the name is allowed: only the name itself is refused.
  expect(await passwordRefusal("ada lovelace's engine", { name: "Ada Lovelace" })).toBeNull();
});
