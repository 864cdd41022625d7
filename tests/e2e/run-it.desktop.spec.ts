import { questionTexts as q } from "../../app/lib/texts";
import { needsTscEmit, usesNodeOnlyApis } from "../../app/lib/technologies";
import { acceptCookies, expect, publishedQuestions, test, waitForHydration } from "./fixtures";

/**
 * "Run it" in the browser prints exactly what the content verifier saw Node print, for
 * every JavaScript and TypeScript console question. Desktop only: the runner is the same at
 * every width (challenges.spec.ts covers the mobile layout), and the bank keeps growing.
 */
test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

test("'Run it' prints, in the browser, exactly the output every JavaScript and TypeScript console question states", async ({ page }) => {
  test.setTimeout(600_000);
  const rows = [
    ...(await publishedQuestions("javascript", "console")).map((row) => ({ ...row, technology: "javascript" })),
    ...(await publishedQuestions("typescript", "console")).map((row) => ({ ...row, technology: "typescript" })),
  ];
  let ran = 0;
  for (const row of rows) {
    const content = JSON.parse(row.content) as { code: { source: string }; output: string };
    await page.goto(`/${row.technology}-questions/${row.id}`);
    // Run it comes with the output (after an answer, or on asking for the output).
    await page.getByText(q.showOutput).click();
    if (usesNodeOnlyApis(content.code.source)) {
      await expect(page.getByText(q.nodeOnly)).toBeVisible();
      continue;
    }
    if (row.technology === "typescript" && needsTscEmit(content.code.source)) {
      await expect(page.getByText(q.tscOnly)).toBeVisible();
      continue;
    }
    await waitForHydration(page);
    await page.getByRole("button", { name: q.runIt }).click();
    await expect(page.locator(".run-it__verdict"), row.id).toHaveText(q.sameOutput, { timeout: 10_000 });
    ran++;
  }
  expect(ran).toBeGreaterThanOrEqual(rows.length - 3);
});
