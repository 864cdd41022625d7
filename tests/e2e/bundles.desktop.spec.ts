import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { acceptCookies, expect, openSiteDatabase, test, waitForHydration } from "./fixtures";

/**
 * Issue #7: the editor, Pyodide and sql.js are heavy; content pages must load none of
 * them. Checked against the real build: its chunk names, and every request a page makes.
 */
const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
const heavy = fs.readdirSync(assets).filter((f) => /^code-editor-.*\.js$/.test(f));
// Content pages' islands import the same on demand (app/islands/on-demand/runners.tsx).
const heavyIslands = fs
  .readdirSync(path.join(assets, "islands"))
  .filter((f) => /^(code-editor|runners|playground|mount-playground)-.*\.js$/.test(f));
const sucrase = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith(".js") && fs.readFileSync(path.join(assets, f), "utf8").includes("isTypeScriptTransformEnabled"));

test("content pages load none of the editor, runner, TypeScript, Pyodide or sql.js code", async ({ page, baseURL }) => {
  expect(heavy.length, "the build names its editor chunk (the compiler's)").toBe(1);
  expect(sucrase.length).toBe(1);
  expect(heavyIslands.length, "the islands' build names its editor, runner and playground chunks").toBe(4);
  const db = await openSiteDatabase();
  const question = db.prepare("select id from question where kind = 'console' and status = 'published' limit 1").get() as { id: string };
  const post = db.prepare("select id from blog_post where status = 'approved' limit 1").get() as { id: string };
  db.close();
  await acceptCookies(page, baseURL!);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  for (const url of [
    "/",
    "/javascript-questions",
    "/javascript-questions?kind=console&level=beginner",
    `/javascript-questions/${question.id}`,
    "/devinsights",
    `/blog/${post.id}`,
    "/aboutus",
  ]) {
    await page.goto(url);
    await waitForHydration(page);
    // Hover and scroll, as a reader would, in case anything preloads on interaction.
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 2000);
  }
  const loaded = requested.filter(
    (p) =>
      [...heavy, ...heavyIslands, ...sucrase].some((name) => p.endsWith(name)) || p.startsWith("/vendor/") || p.startsWith("/sandbox/"),
  );
  expect(loaded).toEqual([]);
  // The editor does arrive where it is used.
  await page.goto("/compiler");
  await expect(page.locator(".cm-content")).toBeVisible();
  expect(requested.some((p) => p.includes("code-editor-"))).toBe(true);
});

/** Issue #32: a content page loads its islands, at most 25 kB (gzip) before any interaction, and no framework. */
const ISLANDS_BUDGET_KB = 25;
const client = path.resolve(import.meta.dirname, "../../build/client");
const gzipKb = (pathname: string) => zlib.gzipSync(fs.readFileSync(path.join(client, pathname)), { level: 9 }).length / 1024;

test("content pages load only island scripts before interaction, at most 25 kB, and no React or React Router", async ({
  page,
  baseURL,
}) => {
  const db = await openSiteDatabase();
  const question = db.prepare("select id from question where kind = 'console' and status = 'published' limit 1").get() as { id: string };
  const post = db.prepare("select id from blog_post where status = 'approved' limit 1").get() as { id: string };
  db.close();
  await acceptCookies(page, baseURL!);
  for (const url of [
    "/",
    "/javascript-questions",
    `/javascript-questions/${question.id}`,
    "/search?q=closure",
    "/devinsights",
    `/blog/${post.id}`,
    "/aboutus",
    "/contactus",
    "/privacy",
    "/terms",
    "/htmloverview",
    "/no/such/page",
  ]) {
    const scripts: string[] = [];
    const onResponse = (response: { request(): { resourceType(): string }; url(): string }) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    };
    page.on("response", onResponse);
    await page.goto(url);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    const outside = scripts.filter((pathname) => !pathname.startsWith("/assets/islands/"));
    expect(outside, `${url} loads code that is not an island`).toEqual([]);
    const sizes = scripts.map((pathname) => ({ pathname, kb: gzipKb(pathname) }));
    const total = sizes.reduce((sum, s) => sum + s.kb, 0);
    expect(total, `${url}: ${sizes.map((s) => `${s.pathname} ${s.kb.toFixed(1)} kB`).join(", ")}`).toBeLessThanOrEqual(ISLANDS_BUDGET_KB);
    expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterManifest" in window)).toBe(false);
  }
});
