import { expect, test } from "vitest";
import { TEST_COST, hashPassword, verifyPassword } from "./password";

test("a hash verifies its own password and no other", async () => {
  const hash = await hashPassword("correct horse", TEST_COST);
  expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  expect(await verifyPassword(hash, "correct horse")).toBe(true);
  expect(await verifyPassword(hash, "correct horsf")).toBe(false);
});

test("the same password hashes differently each time (salted)", async () => {
  expect(await hashPassword("secret1", TEST_COST)).not.toBe(await hashPassword("secret1", TEST_COST));
});

test("a malformed hash never verifies", async () => {
  expect(await verifyPassword("bcrypt$whatever", "secret1")).toBe(false);
});
