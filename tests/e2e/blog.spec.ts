import { blogTexts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, openSiteDatabaseForWriting, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

test("Dev Insights lists approved posts newest first with 25-word previews, and passes axe", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const response = await page.goto("/devinsights");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogTexts.listTitle);
  const app = page.getByRole("link", { name: blogTexts.appButton });
  await expect(app).toHaveAttribute("target", "_blank");
  await expect(app).toHaveAttribute("href", /play\.google\.com/);
  const cards = page.locator(".post-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(9);
  const dates = await page.locator(".post-card time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
  expect(dates).toEqual([...dates].sort().reverse());
  for (const preview of await page.locator(".post-card__preview").allTextContents()) {
    const words = preview.trim().split(/\s+/);
    expect(words.length).toBeLessThanOrEqual(25);
    if (words.length === 25) expect(preview.trim().endsWith("…")).toBe(true);
  }
  await expect(page.locator(".post-card time").first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await waitForHydration(page);
  await expectAccessible(page);
});

test("the list fades in 0.1 s after loading, each card 0.1 s after the one before", async ({ page }) => {
  await page.goto("/devinsights");
  expect(await page.locator(".post-grid").evaluate((el) => getComputedStyle(el).animationDelay)).toBe("0.1s");
  const delays = await page.locator(".post-card").evaluateAll((els) => els.slice(0, 4).map((el) => getComputedStyle(el).animationDelay));
  expect(delays).toEqual(["0s", "0.1s", "0.2s", "0.3s"]);
});

test("a post shows its title, 'By' author, 'Published on' date, body and a way back", async ({ page, baseURL }) => {
  await page.goto("/devinsights");
  await waitForHydration(page);
  const first = page.locator(".post-card").first();
  const title = (await first.locator(".post-card__title").textContent())!.trim();
  await first.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".blog-post__meta")).toHaveText(/^By .+ · Published on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  expect((await page.locator(".blog-post__body").innerText()).trim().length).toBeGreaterThan(0);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toBe(`${baseURL}${new URL(page.url()).pathname}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
    "@type": string;
    headline: string;
  };
  expect(ld).toMatchObject({ "@type": "Article", headline: title });
  await expectAccessible(page);
  await page.getByRole("link", { name: blogTexts.back }).click();
  await expect(page).toHaveURL(/\/devinsights$/);
});

test("a staff post shows its author and its date exactly as 'MMMM d, yyyy'", async ({ page }) => {
  await page.goto("/blog/sql-indexes-for-interviews");
  await expect(page.locator(".blog-post__meta")).toHaveText("By DevPrep Team · Published on November 3, 2026");
});

test("a missing id answers 400 and an unknown id 404, each with the spec's words", async ({ page }) => {
  const missing = await page.goto("/blog");
  expect(missing?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogTexts.missingId);
  const unknown = await page.goto("/blog/no-such-post-here");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogTexts.notFound);
  await expect(page.getByText(blogTexts.notFoundHint)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("a post waiting for review is not shown to visitors, by page or by API", async ({ page, request }) => {
  const id = `pending-${Date.now()}-${test.info().project.name}`;
  const db = await openSiteDatabaseForWriting();
  db.prepare(
    "insert into blog_post (id, title, author_name, body_html, summary, updated_at, status, origin) values (?, 'Secret draft', 'Someone', '<p>draft</p>', 'draft', ?, 'pending', 'user')",
  ).run(id, new Date().toISOString());
  db.close();
  const response = await page.goto(`/blog/${id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogTexts.notApproved);
  await expect(page.locator("body")).not.toContainText("Secret draft");
  const api = await request.get(`/api/blog/posts/${id}`);
  expect(api.status()).toBe(404);
  expect(await api.text()).not.toContain("draft</p>");
  const list = await (await request.get("/api/blog/posts?limit=50")).json();
  expect(JSON.stringify(list)).not.toContain(id);
});

test("the RSS feed and the sitemap list the approved posts", async ({ request, baseURL }) => {
  const feed = await request.get("/devinsights/feed.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain("<rss");
  expect(xml).toContain(`${baseURL}/blog/sql-indexes-for-interviews`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/devinsights</loc>`);
  expect(sitemap).toContain(`<loc>${baseURL}/blog/sql-indexes-for-interviews</loc>`);
});

test("while the list loads after a click, a spinner says the page is loading", async ({ page }) => {
  await page.goto("/devinsights");
  await page.locator(".post-card a").first().click();
  await expect(page.getByRole("link", { name: blogTexts.back })).toBeVisible();
  await waitForHydration(page);
  // A content page: the list is a page load. Here its start is seen and the load itself held
  // (the page's own listeners run, then one added last keeps the browser from leaving).
  await page.evaluate(() => addEventListener("click", (event) => event.preventDefault(), { once: true }));
  await page.getByRole("link", { name: blogTexts.back }).click();
  const spinner = page.getByRole("status").filter({ has: page.locator(".spinner") });
  await expect(spinner.locator(".spinner")).toBeVisible();
  // This time the page loads (clicked from script: the overlay covers the link now).
  await page.getByRole("link", { name: blogTexts.back }).evaluate((link: HTMLAnchorElement) => link.click());
  await expect(page).toHaveURL(/\/devinsights$/);
  await expect(spinner).toHaveCount(0);
  await expect(page.locator(".post-card").first()).toBeVisible();
});
