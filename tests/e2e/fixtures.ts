import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, test as base, expect } from "@playwright/test";

export { expect };

/**
 * Every test fails on an unexpected console error or uncaught page error (as in the
 * Epic Stack), so a broken hydration or a CSP violation cannot pass unnoticed.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp | null }>({
  allowConsoleErrors: [null, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (allowConsoleErrors?.test(text)) return;
      // Chromium reports a page served with an error status (our 404 page, or its data on
      // a client navigation) as a failed load; missing assets still fail the test.
      const source = message.location().url;
      if (text.startsWith("Failed to load resource") && (source === page.url() || /\.data(\?|$)/.test(source))) return;
      errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
    // Each test is its own client for per-address rate limits (the server trusts the proxy header).
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": randomAddress() });
    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

/** No serious or critical accessibility violations on what the page shows now. */
export async function expectAccessible(page: Page) {
  // Colour contrast is only meaningful once fade-ins have finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Accepts cookies up front, for tests about something else than the banner. */
export async function acceptCookies(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: "devpreps", value: "true", url: baseURL }]);
}

/** Waits until React has hydrated the page, so clicks reach event handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export function randomAddress(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/** Opens the e2e server's SQLite database read-only, to check what a test stored. */
export async function openSiteDatabase() {
  const { default: SQLite } = await import("better-sqlite3");
  return new SQLite(`${process.env.E2E_DATA_DIR}/devprep.db`, { readonly: true });
}

/** The site's published questions of one technology and kind, in id order (content is the stored JSON). */
export async function publishedQuestions(technology: string, kind: "theory" | "console" | "program") {
  const db = await openSiteDatabase();
  try {
    return db
      .prepare("select id, title, content from question where technology = ? and kind = ? and status = 'published' order by id")
      .all(technology, kind) as { id: string; title: string; content: string }[];
  } finally {
    db.close();
  }
}

/** Runs an action that opens a browser alert; accepts it and returns its text and type. */
export async function acceptAlert(page: Page, action: () => Promise<void>): Promise<{ type: string; message: string }> {
  let seen: { type: string; message: string } | undefined;
  page.once("dialog", (dialog) => {
    seen = { type: dialog.type(), message: dialog.message() };
    void dialog.accept();
  });
  await action();
  await expect.poll(() => seen).toBeDefined();
  return seen!;
}

/**
 * Taps the middle of an element as a finger would, without Playwright's waits for it to settle
 * (they would be part of what a timing measures); returns the time of the tap.
 */
export async function tap(page: Page, locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element to tap is not on the page");
  const at = Date.now();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return at;
}

/** The next browser alert, accepted; resolves the moment it opens, with its message and time. */
export function nextAlert(page: Page): Promise<{ message: string; at: number }> {
  return new Promise((resolve) =>
    page.once("dialog", (dialog) => {
      resolve({ message: dialog.message(), at: Date.now() });
      void dialog.accept();
    }),
  );
}

/** Waits for the mail the app sent to this address through the test SMTP server. */
export async function waitForMail(to: string): Promise<{ subject: string | undefined; text: string }> {
  const { parseMail } = await import("../support/mail");
  const fs = await import("node:fs");
  const path = await import("node:path");
  const folder = process.env.E2E_MAIL_DIR!;
  for (let i = 0; i < 100; i++) {
    for (const file of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
      const mail = parseMail(fs.readFileSync(path.join(folder, file), "utf8"));
      if (mail.header("To")?.includes(to)) return { subject: mail.header("Subject"), text: mail.text };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** Opens the e2e server's SQLite database for writing, to arrange data no UI creates yet. */
export async function openSiteDatabaseForWriting(dataDir = process.env.E2E_DATA_DIR) {
  const { default: SQLite } = await import("better-sqlite3");
  const db = new SQLite(`${dataDir}/devprep.db`);
  db.pragma("busy_timeout = 5000");
  return db;
}

/** A slow connection: requests matching the pattern wait until the returned release is called. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Creates an account through the API; the page's browser context is then signed in. Returns the email. */
export async function signUp(page: Page, baseURL: string, name = "Ada Lovelace"): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: "analytical-engine" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return email;
}
