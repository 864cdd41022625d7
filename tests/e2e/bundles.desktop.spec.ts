import fs from "node:fs";
import path from "node:path";
import { acceptCookies, expect, openSiteDatabase, test, waitForHydration } from "./fixtures";

/**
 * Issue #7: the editor, Pyodide and sql.js are heavy; content pages must load none of
 * them. Checked against the real build: its chunk names, and every request a page makes.
 */
const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
const heavy = fs.readdirSync(assets).filter((f) => /^(code-editor|playground)-.*\.js$/.test(f));
// Content pages' islands import the same on demand (app/islands/on-demand/runners.tsx).
const heavyIslands = fs.readdirSync(path.join(assets, "islands")).filter((f) => /^(code-editor|runners)-.*\.js$/.test(f));
const sucrase = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith(".js") && fs.readFileSync(path.join(assets, f), "utf8").includes("isTypeScriptTransformEnabled"));

test("content pages load none of the editor, runner, TypeScript, Pyodide or sql.js code", async ({ page, baseURL }) => {
  expect(heavy.length, "the build names its editor and playground chunks").toBe(2);
  expect(sucrase.length).toBe(1);
  expect(heavyIslands.length, "the islands' build names its editor and runner chunks").toBe(2);
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
