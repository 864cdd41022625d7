import { challengeTexts as c, fill, questionTexts as q } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, openSiteDatabase, signUp, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

interface Row {
  id: string;
  title: string;
  content: string;
}

async function questions(kind: string, technology = "javascript") {
  const db = await openSiteDatabase();
  try {
    return db
      .prepare("select id, title, content from question where technology = ? and kind = ? and status = 'published' order by id")
      .all(technology, kind) as Row[];
  } finally {
    db.close();
  }
}

const TSC_EMIT = /constructor\s*\([^)]*\b(public|private|protected|readonly)\s+\w/;
const NODE_ONLY = /\bprocess\.|\brequire\(|\bsetImmediate\b|\bBuffer\./;

test("'Run it' prints, in the browser, exactly the output every JavaScript and TypeScript console question states", async ({ page }) => {
  test.setTimeout(180_000);
  const rows = [
    ...(await questions("console")).map((row) => ({ ...row, technology: "javascript" })),
    ...(await questions("console", "typescript")).map((row) => ({ ...row, technology: "typescript" })),
  ];
  let ran = 0;
  for (const row of rows) {
    const content = JSON.parse(row.content) as { code: { source: string }; output: string };
    await page.goto(`/${row.technology}-questions/${row.id}`);
    if (NODE_ONLY.test(content.code.source)) {
      await expect(page.getByText(q.nodeOnly)).toBeVisible();
      continue;
    }
    if (row.technology === "typescript" && TSC_EMIT.test(content.code.source)) {
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

test("a challenge: examples fail on the starter, the reference solution passes every test, and the solve is recorded", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const [challenge] = await questions("program");
  const content = JSON.parse(challenge!.content) as { solution: { source: string }; tests: { source: string } };
  const total = (content.tests.source.match(/(^|[^\w.])test\(/g) ?? []).length;
  await page.goto(`/javascript-questions/${challenge!.id}`);
  await page.getByRole("link", { name: q.solve }).click();
  await expect(page).toHaveURL(new RegExp(`/javascript-questions/${challenge!.id}/solve$`));
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();

  await page.getByRole("button", { name: c.runExamples }).click();
  await expect(page.locator(".test-result")).toHaveCount(3);
  await expect(page.locator(".test-result--fail").first()).toBeVisible();
  await expect(page.locator(".test-results__summary")).toContainText("of 3 tests passed");
  await expectAccessible(page);

  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(content.solution.source);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/progress/questions/${challenge!.id}/code`) && r.request().method() === "PUT",
  );
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.locator(".test-results__summary")).toHaveText(fill(c.allPassed, { total }));
  expect((await saved).status()).toBe(200);
  await expect(page.locator(".toast--success").filter({ hasText: c.recorded })).toBeVisible();

  // On another browser the account still has the solve and the code.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator(".status-badge").filter({ hasText: "Solved on" })).toBeVisible();
  await expect(page.locator(".cm-content")).toContainText(content.solution.source.split("\n")[0]!);
  await page.goto(`/javascript-questions/${challenge!.id}`);
  await expect(page.getByRole("group", { name: challenge!.title }).getByRole("button", { name: q.done })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("an endless loop in a solution times out without freezing the page", async ({ page }) => {
  const [challenge] = await questions("program");
  await page.goto(`/javascript-questions/${challenge!.id}/solve`);
  await waitForHydration(page);
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("while (true) {}");
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.getByText(c.timedOut)).toBeVisible({ timeout: 10_000 });
});
