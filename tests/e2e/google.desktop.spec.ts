import type { Page } from "@playwright/test";
import { authTexts } from "../../app/lib/texts";
import { oidcIssuer } from "../../playwright.config";
import { acceptCookies, expect, openSiteDatabase, test, waitForHydration } from "./fixtures";

// One provider for the whole run, and one test takes it down: these run in order.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page, baseURL, javaScriptEnabled }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/");
  if (javaScriptEnabled) await waitForHydration(page);
});

async function openLogin(page: Page) {
  await page.locator(".header-account").getByRole("button", { name: "Login" }).click();
  return page.getByRole("dialog", { name: authTexts.loginTitle });
}

/** Signs in at the provider's own pages inside the popup. */
async function completeAtProvider(popup: Page, login: string) {
  await popup.waitForLoadState();
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill("anything");
  const loginPage = popup.url();
  await popup.locator('button[type="submit"]').click();
  // The consent page is a new interaction address; click only once it is there.
  await popup.waitForURL((url) => url.href !== loginPage && url.pathname.startsWith("/interaction/"));
  await popup.locator('button[type="submit"]').click(); // consent: "Continue"
}

function userRow(email: string) {
  return openSiteDatabase().then((db) => {
    const row = db.prepare('select name, email, signupFrom, createdAt, lastLogin from "user" where email = ?').get(email) as
      { name: string; email: string; signupFrom: string; createdAt: string; lastLogin: string | null } | undefined;
    db.close();
    return row;
  });
}

test("a new Google user is signed in and recorded with name, email, signupFrom, createdAt and lastLogin", async ({ page }) => {
  const login = `g${Date.now()}`;
  const dialog = await openLogin(page);
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("link", { name: authTexts.google }).click()]);
  await expect(dialog.getByRole("link", { name: authTexts.processing })).toBeVisible();
  await completeAtProvider(popup, login);
  await expect(dialog).toBeHidden();
  await expect(page.locator(".header-account__name")).toHaveText(`Tester ${login}`);
  expect(await page.evaluate(() => localStorage.getItem("email"))).toBe(`${login}@example.com`);
  const row = await userRow(`${login}@example.com`);
  expect(row).toMatchObject({ name: `Tester ${login}`, signupFrom: "web" });
  expect(row?.lastLogin).toBeTruthy();
});

test("a Google account without a name becomes 'Google User'; signing in again keeps createdAt and moves lastLogin", async ({
  page,
  context,
}) => {
  const login = `noname${Date.now()}`;
  let dialog = await openLogin(page);
  let [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("link", { name: authTexts.google }).click()]);
  await completeAtProvider(popup, login);
  await expect(page.locator(".header-account__name")).toHaveText("Google User");
  const first = await userRow(`${login}@example.com`);
  expect(first?.name).toBe("Google User");

  await context.clearCookies({ name: /session/ });
  await page.reload();
  await waitForHydration(page);
  await page.waitForTimeout(1100); // lastLogin has second precision in the assertion below
  dialog = await openLogin(page);
  [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("link", { name: authTexts.google }).click()]);
  await completeAtProvider(popup, login);
  await expect(page.locator(".header-account__name")).toHaveText("Google User");
  const second = await userRow(`${login}@example.com`);
  expect(second?.createdAt).toBe(first?.createdAt);
  expect(new Date(second!.lastLogin!).getTime()).toBeGreaterThan(new Date(first!.lastLogin!).getTime());
});

test.describe("with JavaScript off", () => {
  // The test provider's own pages, now in the page rather than a popup, ask for an outside address.
  test.use({ javaScriptEnabled: false, allowConsoleErrors: /Failed to load resource/ });

  test("the dialog's Google link completes sign-in in the page and returns to the page the reader was on", async ({ page }) => {
    const login = `nojs${Date.now()}`;
    await page.goto("/aboutus");
    const dialog = await openLogin(page);
    await dialog.getByRole("link", { name: authTexts.google }).click();
    await completeAtProvider(page, login);
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(page.locator(".header-account__name")).toHaveText(`Tester ${login}`);
  });
});

test("closing the popup says the sign-in was cancelled", async ({ page }) => {
  const dialog = await openLogin(page);
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("link", { name: authTexts.google }).click()]);
  await popup.waitForLoadState();
  await popup.close();
  await expect(dialog.getByRole("alert")).toHaveText(authTexts.googleCancelled);
});

test("a second request while the popup is open says one is already open", async ({ page }) => {
  let dialog = await openLogin(page);
  const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("link", { name: authTexts.google }).click()]);
  await popup.waitForLoadState();
  // The user closes the dialog, opens it again and asks once more, with the popup still open.
  await dialog.getByRole("button", { name: authTexts.close }).click();
  dialog = await openLogin(page);
  await dialog.getByRole("link", { name: authTexts.google }).click();
  await expect(dialog.getByRole("alert")).toHaveText(authTexts.googleAlreadyOpen);
  expect(popup.isClosed()).toBe(false);
  await popup.close();
});

test("a blocked popup says to allow pop-ups", async ({ page }) => {
  await page.evaluate(() => {
    window.open = () => null;
  });
  const dialog = await openLogin(page);
  await dialog.getByRole("link", { name: authTexts.google }).click();
  await expect(dialog.getByRole("alert")).toHaveText(authTexts.googleBlocked);
});

test("when Google cannot be reached the popup reports a network error", async ({ page, request }) => {
  await request.get(`${oidcIssuer}/__control/down`);
  try {
    const dialog = await openLogin(page);
    const popupEvent = page.waitForEvent("popup");
    await dialog.getByRole("link", { name: authTexts.google }).click();
    await popupEvent;
    await expect(dialog.getByRole("alert")).toHaveText(authTexts.googleNetwork);
  } finally {
    await request.get(`${oidcIssuer}/__control/up`).catch(() => {});
  }
});
