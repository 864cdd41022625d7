import { blogTexts, texts } from "../../app/lib/texts";
import { isolatedDataDir, isolatedURL } from "../../playwright.config";
import { expect, expectAccessible, openSiteDatabaseForWriting, test, waitForHydration } from "./fixtures";

/**
 * States the shared site cannot show: an empty question list, an empty blog and a failing database. They run on
 * the isolated app (its own SQLite database, no content), one at a time, because the
 * failure is made real by taking the posts table away under the running server.
 */
test.describe.configure({ mode: "serial" });
test.use({ baseURL: isolatedURL, allowConsoleErrors: /status of 500/ });

async function withPostsTableGone(action: () => Promise<void>) {
  const db = await openSiteDatabaseForWriting(isolatedDataDir);
  db.exec("alter table blog_post rename to blog_post_away");
  try {
    await action();
  } finally {
    db.exec("alter table blog_post_away rename to blog_post");
    db.close();
  }
}

test("a question list with no questions says 'No data'", async ({ page }) => {
  const response = await page.goto("/swift-questions");
  expect(response?.status()).toBe(200);
  await expect(page.getByText(texts.labels.noData, { exact: true })).toBeVisible();
  await waitForHydration(page);
  await expectAccessible(page);
});

test("a blog with no approved posts says so", async ({ page }) => {
  const response = await page.goto("/devinsights");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(blogTexts.listTitle);
  await expect(page.getByText(blogTexts.empty, { exact: true })).toBeVisible();
  await expect(page.locator(".post-card")).toHaveCount(0);
  await waitForHydration(page);
  await expectAccessible(page);
});

test("when the database fails, a post and the list show their error texts with a 500, and recover", async ({ page }) => {
  await withPostsTableGone(async () => {
    const post = await page.goto("/blog/some-post");
    expect(post?.status()).toBe(500);
    await expect(page.getByText(blogTexts.detailFailed, { exact: true })).toBeVisible();
    await expect(page.getByText(blogTexts.detailFailedHint, { exact: true })).toBeVisible();
    // Neither SQL nor a stack trace reaches the reader.
    expect(await page.content()).not.toMatch(/blog_post|SqliteError|at [\w.]+ \(/);

    const api = await page.request.get("/api/blog/posts");
    expect(api.status()).toBe(500);
    expect(await api.json()).toEqual({ error: { code: "internal", message: "Something went wrong on our side. Please try again." } });

    // The visitors' cached copy of /devinsights (from the test before) keeps being served while
    // the database is away, as it should; a view of the list not cached yet meets the failure.
    const list = await page.goto("/devinsights?from=outage");
    expect(list?.status()).toBe(500);
    const alert = page.getByRole("alert").filter({ hasText: blogTexts.loadFailed });
    await expect(alert).toContainText(blogTexts.loadFailedHint);
    await expect(page.getByText(blogTexts.empty)).toHaveCount(0);
    expect(await page.content()).not.toMatch(/blog_post|SqliteError|at [\w.]+ \(/);
    await waitForHydration(page);
    await expectAccessible(page);
  });

  // The database is back: "Try again" on the error page shows the list.
  await page.getByRole("link", { name: blogTexts.tryAgain }).click();
  await expect(page.getByText(blogTexts.empty, { exact: true })).toBeVisible();
});

test("paging to older posts shows the list's own spinner until the page arrives", async ({ page }) => {
  const db = await openSiteDatabaseForWriting(isolatedDataDir);
  const insert = db.prepare(
    "insert into blog_post (id, title, author_name, body_html, summary, created_at, updated_at, status, origin) " +
      "values (?, ?, 'Grace', '<p>Body</p>', 'Body', ?, ?, 'approved', 'user')",
  );
  const ids = Array.from({ length: 13 }, (_, i) => `paging-${i}`);
  ids.forEach((id, i) =>
    insert.run(id, `Paging post ${i}`, `2026-01-${String(i + 1).padStart(2, "0")}T10:00:00.000Z`, "2026-01-01T00:00:00.000Z"),
  );
  try {
    // Written by another program: the site's page cache notices within its polling interval (250 ms).
    await expect.poll(async () => (await page.request.get("/devinsights")).text()).toContain("Paging post 12");
    await page.goto("/devinsights");
    await expect(page.locator(".post-card")).toHaveCount(12);
    await waitForHydration(page);
    // The next page is a page load (a content page). Here its start is seen and the load itself
    // held (the page's own listeners run, then one added last keeps the browser from leaving).
    await page.evaluate(() => addEventListener("click", (event) => event.preventDefault(), { once: true }));
    const more = page.getByRole("link", { name: blogTexts.more });
    const href = await more.getAttribute("href");
    await more.click();
    const spinner = page.locator(".blog-list__loading");
    await expect(spinner).toHaveAttribute("role", "status");
    await expect(spinner).toContainText(blogTexts.loading);
    await expect(spinner.locator(".spinner")).toBeVisible();
    await expect(page.locator(".post-card")).toHaveCount(0);
    await page.goto(href!);
    await expect(page.locator(".post-card")).toHaveCount(1);
    await expect(page.locator(".post-card")).toContainText("Paging post 0");
  } finally {
    db.prepare(`delete from blog_post where id in (${ids.map(() => "?").join(",")})`).run(...ids);
    db.close();
  }
});
