import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authErrorMessage } from "../../app/features/auth/errors";
import { authTexts, fill } from "../../app/lib/texts";
import { freePort, startServer } from "../../scripts/bench-server.js";
import { crossSiteMessages } from "../../server/http/cross-site";

// These tests start or stop the production server inside the test (a fresh data folder imports
// the content first): more than the default 20 s on a busy CI machine.
vi.setConfig({ testTimeout: 60_000 });

/**
 * Issue #32: the production server (better-auth checks origins there; under Vitest it would not)
 * reached at an address other than the one it prints, as a reader's browser signs up.
 */
const root = path.resolve(import.meta.dirname, "../..");
const running: { stop(): Promise<void>; dataDir: string }[] = [];

async function server(env: (port: number) => Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-origin-"));
  const started = await startServer({ root, port, dataDir, env: { AUTH_SECRET: crypto.randomBytes(24).toString("hex"), ...env(port) } });
  running.push({ ...started, dataDir });
  return { ...started, port };
}

afterEach(async () => {
  for (const s of running.splice(0)) {
    await s.stop();
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
});

/** A sign-up as the auth dialog sends it from a page at `origin`; the dialog's text for the answer. */
async function signUp(base: string, origin: string, site = "same-origin") {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "Sec-Fetch-Site": site, "Sec-Fetch-Mode": "cors" },
    body: JSON.stringify({ name: "Ada Lovelace", email: `ada${crypto.randomUUID()}@example.com`, password: "analytical-engine" }),
  });
  const body = await response.json().catch(() => null);
  return { status: response.status, cookie: response.headers.getSetCookie().join(";"), shown: authErrorMessage(response.status, body) };
}

describe("signing up at the server's own address", () => {
  it("without BASE_URL, works at every loopback spelling of the server's address, not only the printed localhost", async () => {
    const { base, port } = await server(() => ({ BASE_URL: "" }));
    expect(base).toBe(`http://127.0.0.1:${port}`);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const answer = await signUp(base, origin);
      expect(answer.status, `${origin}: ${answer.shown}`).toBe(200);
      expect(answer.cookie).toContain("better-auth.session_token=");
    }
  });

  it("with BASE_URL set, a page at another address is told the site's address, not 'Invalid origin'", async () => {
    // The site's address is localhost; the reader opened it at 127.0.0.1 (both reach this server).
    const { base, port } = await server((p) => ({ BASE_URL: `http://localhost:${p}` }));
    const refused = await signUp(base, `http://127.0.0.1:${port}`);
    expect(refused.status).toBe(403);
    expect(refused.shown).toBe(fill(authTexts.otherOrigin, { address: `http://localhost:${port}` }));
    expect(refused.shown).not.toContain("Invalid origin");
    expect(refused.cookie).toBe("");
    // Another site altogether is refused before better-auth, with the guard's words, shown as they are.
    const foreign = await signUp(base, "https://evil.example", "cross-site");
    expect(foreign.status).toBe(403);
    expect(foreign.shown).toBe(crossSiteMessages.otherSite);
    expect((await signUp(base, `http://localhost:${port}`)).status).toBe(200);
  });
});
