import type { Page } from "@playwright/test";
import { fill, searchTexts, texts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, test, waitForHydration } from "./fixtures";

// Issue #33: the header's search icon and the `/` key put the reader in a search field.
test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

const headerField = (page: Page) => page.getByRole("searchbox", { name: texts.nav.search });

test("pressing / on a content page opens search with the cursor in it, and a search from Swift's pages ranks Swift first", async ({
  page,
}) => {
  await page.goto("/swift-questions");
  await waitForHydration(page);
  await expect(headerField(page)).toBeHidden();
  await page.keyboard.press("/");
  await expect(headerField(page)).toBeFocused();
  await expect(headerField(page)).toHaveValue("");
  await expectAccessible(page);
  await page.keyboard.type("closure");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=closure&tech=swift$/);
  await expect(page.getByText(fill(searchTexts.preferred, { technology: "Swift" }))).toBeVisible();
  const metas = await page.locator(".search-result__meta").allTextContents();
  expect(metas.slice(0, 3).every((meta) => meta.includes("Swift"))).toBe(true);

  // The page's own field is where / goes here, and the way back to an even ranking is a link.
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("/");
  await expect(page.getByLabel(searchTexts.label)).toBeFocused();
  await page.getByRole("link", { name: searchTexts.preferNone }).click();
  await expect(page).toHaveURL(/\/search\?q=closure$/);
  await expect(page.locator(".search-result__title").first()).toHaveAttribute("href", /^\/javascript-questions\//);
});

test("activating the header's search icon puts focus in the search field; Escape closes it", async ({ page }) => {
  await page.goto("/javascript-questions");
  await waitForHydration(page);
  const icon = page.getByRole("button", { name: texts.nav.search, exact: true });
  await icon.click();
  await expect(headerField(page)).toBeFocused();
  await expect(icon).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(headerField(page)).toBeHidden();
  await expect(icon).toBeFocused();
  // From the keyboard too.
  await page.keyboard.press("Enter");
  await expect(headerField(page)).toBeFocused();
  const box = (await page.locator("#site-search").boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("/ is typed as a character in a field, and on /search the icon goes to the page's field", async ({ page }) => {
  await page.goto("/search");
  await waitForHydration(page);
  const field = page.getByLabel(searchTexts.label);
  await expect(field).toBeFocused();
  await field.fill("a/b");
  await page.keyboard.press("/");
  await expect(field).toHaveValue("a/b/");
  await page.getByRole("heading", { level: 1 }).click();
  await page.getByRole("button", { name: texts.nav.search, exact: true }).click();
  await expect(field).toBeFocused();
  await expect(headerField(page)).toBeHidden();
});
