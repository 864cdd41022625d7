import fs from "node:fs";

/**
 * Debian's Chromium, used by the browser tests (playwright.config.ts) and by the question
 * verifier for CSS questions. Under CI=true a missing Chromium is an error, never a skip.
 */
export const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
export const haveChromium = fs.existsSync(chromiumPath);

export function requireChromiumInCi() {
  if (!haveChromium && process.env.CI === "true") {
    throw new Error(
      `Chromium is required when CI=true but ${chromiumPath} does not exist: install Debian's chromium package or set PLAYWRIGHT_CHROMIUM_PATH.`,
    );
  }
}

/** Flags for a headless Chromium on a machine without a GPU, a sandbox or the internet. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
