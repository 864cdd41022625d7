import { challengeTexts as c, fill, questionTexts as q } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, publishedQuestions, signUp, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

test("a challenge: examples fail on the starter, the reference solution passes every test, and the solve is recorded", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const [challenge] = await publishedQuestions("javascript", "program");
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
  const [challenge] = await publishedQuestions("javascript", "program");
  await page.goto(`/javascript-questions/${challenge!.id}/solve`);
  await waitForHydration(page);
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("while (true) {}");
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.getByText(c.timedOut)).toBeVisible({ timeout: 10_000 });
});

test("a type-level TypeScript challenge is judged by the compiler: a wrong type fails its test, an error in the code is shown, the solution passes", async ({
  page,
}) => {
  const challenge = (await publishedQuestions("typescript", "program")).find((row) => row.id === "ts-program-deep-readonly")!;
  const content = JSON.parse(challenge.content) as { solution: { source: string } };
  await page.goto(`/typescript-questions/${challenge.id}/solve`);
  await waitForHydration(page);
  await expect(page.getByText(c.typesChecked)).toBeVisible();
  const replaceCode = async (code: string) => {
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(code);
  };

  // The starter (DeepReadonly<T> = T) runs without a runtime failure, but the compiler rejects it.
  await page.getByRole("button", { name: c.submit }).click();
  const nested = page.locator(".test-result").filter({ hasText: "nested objects are readonly at every depth" });
  // The server's first check starts its compiler worker and reads TypeScript's libraries,
  // which takes several seconds on a busy two-core machine (the page says "Checking types…").
  await expect(nested).toHaveClass(/test-result--fail/, { timeout: 30_000 });
  await expect(nested).toContainText("Type error: Type 'false' does not satisfy the constraint 'true'.");
  await expect(page.locator(".test-results__summary")).not.toContainText("All");

  await replaceCode(`${content.solution.source}\nconst port: number = "80";`);
  await page.getByRole("button", { name: c.submit }).click();
  const typeErrors = page.locator(".test-results__types");
  await expect(typeErrors).toContainText(c.typeErrors);
  await expect(typeErrors).toContainText("Type 'string' is not assignable to type 'number'.");
  await expect(page.locator(".test-results__summary")).toHaveClass(/--fail/);
  await expectAccessible(page);

  await replaceCode(content.solution.source);
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.locator(".test-results__summary")).toHaveText(fill(c.allPassed, { total: 6 }));
  await expect(typeErrors).toHaveCount(0);
});

test("a React challenge runs in the browser with React from our own origin: the starter fails, the reference solution passes", async ({
  page,
}) => {
  const challenge = (await publishedQuestions("react", "program"))[0]!;
  const content = JSON.parse(challenge.content) as { solution: { source: string }; tests: { source: string } };
  const total = (content.tests.source.match(/(^|[^\w.])test\(/g) ?? []).length;
  const runtime = page.waitForResponse((r) => r.url().endsWith("/vendor/react/react-runtime.js"));
  await page.goto(`/react-questions/${challenge.id}/solve`);
  await waitForHydration(page);
  await page.getByRole("button", { name: c.submit }).click();
  expect((await runtime).status()).toBe(200);
  await expect(page.locator(".test-results__summary")).toContainText(`of ${total} tests passed`);
  await expect(page.locator(".test-result--fail").first()).toBeVisible();

  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(content.solution.source);
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.locator(".test-results__summary")).toHaveText(fill(c.allPassed, { total }));
  await expectAccessible(page);
});

test("an SQL challenge is graded in the browser on sql.js: the starter's rows are shown against the expected ones, the reference query passes", async ({
  page,
}) => {
  const [challenge] = await publishedQuestions("dbms", "program");
  const content = JSON.parse(challenge!.content) as { solution: { source: string }; tests: { source: string } };
  const total = (content.tests.source.match(/^--\s*test:/gm) ?? []).length;
  await page.goto(`/dbms-questions/${challenge!.id}/solve`);
  await waitForHydration(page);

  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.locator(".test-results__summary")).toContainText(`of ${total} tests passed`, { timeout: 30_000 });
  const failed = page.locator(".test-result--fail").first();
  await expect(failed.getByText(c.expected, { exact: true })).toBeVisible();
  await expect(failed.getByText(c.received, { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(content.solution.source);
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.locator(".test-results__summary")).toHaveText(fill(c.allPassed, { total }));
});
