import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Start-up checks of the built server: no browser involved.
function startWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-start-"));
  const result = spawnSync(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

test("a bad setting stops start-up with a message naming the variable and no stack trace", () => {
  const result = startWith({ PORT: "eighty" });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PORT: ");
  expect(result.stderr).toContain('"eighty"');
  expect(result.stderr).not.toMatch(/^\s+at /m);
});

test("an unreachable database stops start-up with a clear message", () => {
  const result = startWith({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", PORT: "0" });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Database (migration|connection)/);
  expect(result.stderr).not.toMatch(/^\s+at /m);
});
