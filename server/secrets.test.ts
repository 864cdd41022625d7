import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { resolveAuthSecret } from "./secrets";

test("without AUTH_SECRET a secret is generated once, kept private, and reused on the next start", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-secret-"));
  const first = resolveAuthSecret(undefined, dir);
  expect(first.length).toBeGreaterThanOrEqual(32);
  expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
  expect(resolveAuthSecret(undefined, dir)).toBe(first);
  fs.rmSync(dir, { recursive: true });
});

test("a configured AUTH_SECRET wins and nothing is written", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-secret-"));
  expect(resolveAuthSecret("x".repeat(40), dir)).toBe("x".repeat(40));
  expect(fs.existsSync(path.join(dir, "auth-secret"))).toBe(false);
  fs.rmSync(dir, { recursive: true });
});
