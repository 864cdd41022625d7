import { overviewTexts as t } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

test("the HTML overview is a server-rendered, indexable page with contents and a path through its sections", async ({ page, baseURL }) => {
  const response = await page.goto("/htmloverview");
  expect(response?.status()).toBe(200);
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/htmloverview`);
  const contents = page.getByRole("navigation", { name: t.contents }).getByRole("link");
  await expect(contents).toHaveCount(12);
  await expect(page.locator(".overview__section h2")).toHaveCount(12);
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: /^Next: Text and headings/ }).click();
  await expect(page).toHaveURL(/#text-and-headings$/);
});

test.describe(() => {
  // The security example shows a sandboxed frame whose script is blocked, which Chromium logs.
  test.use({ allowConsoleErrors: /Blocked script execution in 'about:srcdoc'/ });
  test("every example renders live in the sandbox, and an edit shows up in the preview", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/htmloverview");
    await waitForHydration(page);
    const sections = page.locator(".overview__section");
    const count = await sections.count();
    for (let i = 0; i < count; i++) {
      const section = sections.nth(i);
      // The previous example's preview may still be scrolling the page as this button is
      // clicked; click again until the editor opens.
      const tryIt = section.getByRole("button", { name: t.tryIt });
      await expect(async () => {
        if (await tryIt.isVisible()) await tryIt.click();
        await expect(section.locator(".cm-content")).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      const preview = section.frameLocator(".sandbox-frame").frameLocator("#preview");
      await expect(preview.locator("body"), (await section.locator("h2").textContent()) ?? "").not.toBeEmpty({ timeout: 10_000 });
      expect((await preview.locator("body").innerText()).trim().length).toBeGreaterThan(0);
    }
    const first = sections.first();
    await expect(async () => {
      await first.locator(".cm-content").click();
      await expect(first.locator(".cm-editor")).toHaveClass(/cm-focused/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText("<p>Changed by the reader</p>");
    await first.getByRole("button", { name: t.run, exact: true }).click();
    await expect(first.frameLocator(".sandbox-frame").frameLocator("#preview").getByText("Changed by the reader")).toBeVisible();
  });
});

test("React, the editor and the sandbox load only when 'Try it' is pressed", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/htmloverview");
  await waitForHydration(page);
  await page.waitForLoadState("load");
  expect(scripts.filter((path) => /mount-playground|code-editor/.test(path))).toEqual([]);
  expect(scripts.every((path) => path.startsWith("/assets/islands/"))).toBe(true);
  const section = page.locator(".overview__section").first();
  const source = await section.locator(".try-it code").textContent();
  await section.getByRole("button", { name: t.tryIt }).click();
  await expect(section.locator(".cm-content")).toBeVisible();
  expect(scripts.some((path) => /mount-playground/.test(path))).toBe(true);
  await expect(section.locator(".cm-content")).toHaveText(source!.trimEnd().split("\n").join(""));
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the examples stay readable code, without a 'Try it' that cannot work", async ({ page }) => {
    await page.goto("/htmloverview");
    const example = page.locator(".overview__section").first().locator(".try-it");
    await expect(example.locator("pre code")).toBeVisible();
    await expect(example.locator("pre code")).toContainText("<");
    await expect(example.getByRole("button", { name: t.tryIt })).toBeHidden();
  });
});
