import { challengeTexts as c, fill } from "../../app/lib/texts";
import { acceptCookies, expect, publishedQuestions, test, waitForHydration } from "./fixtures";

/**
 * Every React challenge's reference solution passes every test in the browser, where it
 * runs in the sandbox worker with the React runtime from /vendor/ (decision 007) — the
 * same verdict the content verifier reached in Node. Desktop only: the runner is the
 * same at every width, and the mobile layout is covered in challenges.spec.ts.
 */
test("every React challenge's reference solution passes all its tests in the browser", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await acceptCookies(page, baseURL!);
  const rows = await publishedQuestions("react", "program");
  expect(rows.length).toBeGreaterThanOrEqual(15);
  for (const row of rows) {
    const content = JSON.parse(row.content) as { solution: { source: string }; tests: { source: string } };
    const total = (content.tests.source.match(/(^|[^\w.])test\(/g) ?? []).length;
    await page.goto(`/react-questions/${row.id}/solve`);
    await waitForHydration(page);
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(content.solution.source);
    await page.getByRole("button", { name: c.submit }).click();
    await expect(page.locator(".test-results__summary"), row.id).toHaveText(fill(c.allPassed, { total }), { timeout: 20_000 });
  }
});
