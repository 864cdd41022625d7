import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath, haveChromium, requireChromiumInCi } from "./tests/support/chromium";

/**
 * Browser tests drive Debian's Chromium against a production build (npm test builds
 * first) served on a free port with a fresh SQLite database. This file is evaluated in
 * the runner and again in each worker: values are fixed once in process.env so the
 * workers agree with the runner.
 */
requireChromiumInCi();

const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
process.env.E2E_PORT ??= freePort();
process.env.E2E_OIDC_PORT ??= freePort();
process.env.E2E_SMTP_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "devprep-e2e-"));
process.env.E2E_ISOLATED_PORT ??= freePort();
process.env.E2E_ISOLATED_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "devprep-e2e-isolated-"));
/** Where the test SMTP server writes what the app sends (tests/support/smtp-server.js). */
process.env.E2E_MAIL_DIR ??= path.join(process.env.E2E_DATA_DIR, "smtp");

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** A real OpenID Connect provider standing in for Google (tests/support/oidc-server.js). */
export const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;

/**
 * A second app with its own database and no content, for states the shared site cannot
 * show without disturbing other tests: an empty blog, a database that fails. Only
 * serial `*.desktop.spec.ts` files use it (see blog-states.desktop.spec.ts).
 */
export const isolatedURL = `http://127.0.0.1:${process.env.E2E_ISOLATED_PORT}`;
export const isolatedDataDir = process.env.E2E_ISOLATED_DATA_DIR;

export const siteSettings = {
  PLAY_STORE_URL: "https://play.google.com/store/apps/details?id=dev.devprep.app",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Per test. The two-core machines' speed varies about twofold from one day to the next, and
  // the longest default-length tests took 27–29 s on a slow day; the limit is against hangs.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright's own browser is only a fallback for machines without Debian's.
      executablePath: haveChromium ? chromiumPath : undefined,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testIgnore: [/\.mobile\.spec\.ts$/, /\.nojs\.spec\.ts$/],
    },
    // At phone width, the specs whose pages lay out or behave differently there (docs/decisions/019):
    // the header and drawer, the home page, the practice tools, code blocks, fonts, and every
    // *.mobile.spec.ts. Forms, accounts and the blog behave the same at any width and run once.
    {
      name: "mobile",
      use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: false },
      testMatch: [
        /\.mobile\.spec\.ts$/,
        /\/(shell|home|pages|compiler|html-overview|interview|quizzes|code-blocks|search-shortcuts|fonts)\.spec\.ts$/,
      ],
    },
    // Issue #32: content pages work before any script has run, and with JavaScript off.
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, javaScriptEnabled: false },
      testMatch: /\.nojs\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: `node tests/support/smtp-server.js ${process.env.E2E_SMTP_PORT} ${process.env.E2E_MAIL_DIR}`,
      port: Number(process.env.E2E_SMTP_PORT),
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `node tests/support/oidc-server.js ${process.env.E2E_OIDC_PORT} ${baseURL}`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    appServer(port, process.env.E2E_DATA_DIR, {
      // Tests act as different clients through X-Forwarded-For (see fixtures.ts).
      TRUST_PROXY: "true",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      ADMIN_EMAILS: "moderator@example.com",
      GOOGLE_CLIENT_ID: "devprep-test",
      GOOGLE_CLIENT_SECRET: "devprep-test-secret",
      GOOGLE_ISSUER: oidcIssuer,
    }),
    appServer(Number(process.env.E2E_ISOLATED_PORT), process.env.E2E_ISOLATED_DATA_DIR, {
      CONTENT_DIR: path.join(process.env.E2E_ISOLATED_DATA_DIR, "no-content"),
    }),
  ],
});

/** The production build on a port, with its own data folder (SQLite database, uploads, mail). */
function appServer(appPort: number, dataDir: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${appPort}`;
  return {
    command: "node server.js",
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...siteSettings,
      ...env,
    },
  };
}
