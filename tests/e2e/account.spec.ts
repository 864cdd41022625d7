import { accountTexts, authTexts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, test, waitForHydration } from "./fixtures";

const PASSWORD = "analytical-engine";

test("a visitor on /account is asked to log in, and the page is not indexed", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/account");
  await expect(page.getByText(accountTexts.signedOut)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await waitForHydration(page);
  await page.getByRole("main").getByRole("button", { name: accountTexts.login }).click();
  await expect(page.getByRole("dialog", { name: authTexts.loginTitle })).toBeVisible();
});

test.describe("signed in", () => {
  // The wrong current password is refused with a 400, which Chromium logs.
  test.use({ allowConsoleErrors: /status of 400/ });

  test("the account page renames, changes the password (signing out other devices if asked), signs out other devices and deletes the account", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `account-${Date.now()}-${test.info().project.name}@example.com`;
    const origin = { Origin: baseURL! };
    await acceptCookies(page, baseURL!);
    await page.goto("/");
    expect(
      (await page.request.post("/api/auth/sign-up/email", { data: { name: "Ada", email, password: PASSWORD }, headers: origin })).status(),
    ).toBe(200);

    // A second device signed in to the same account.
    const other = await browser.newContext({ baseURL });
    expect((await other.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: origin })).status()).toBe(
      200,
    );

    await page.goto("/account");
    await waitForHydration(page);
    await expect(page.locator(".session-list__item")).toHaveCount(2);
    await expect(page.locator(".session-list__current")).toHaveCount(1);
    await expectAccessible(page);

    await page.getByRole("button", { name: accountTexts.signOutOthers }).click();
    await expect(page.locator(".toast--success")).toContainText(accountTexts.othersSignedOut);
    await expect(page.locator(".session-list__item")).toHaveCount(1);
    expect(await (await other.request.get("/api/auth/get-session")).json()).toBeNull();
    await other.close();

    await page.getByLabel(accountTexts.displayName).fill("Ada King");
    await page.getByRole("button", { name: accountTexts.saveName }).click();
    await expect(page.locator(".toast--success").filter({ hasText: accountTexts.nameSaved })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("name"))).toBe("Ada King");

    await page.getByLabel(accountTexts.currentPassword).fill("not-my-password");
    await page.getByLabel(accountTexts.newPassword, { exact: true }).fill("countess-of-lovelace");
    await page.getByRole("button", { name: accountTexts.changePassword }).click();
    await expect(page.getByRole("region", { name: accountTexts.password }).getByRole("alert")).toHaveText(authTexts.wrongPassword);
    // Signed in on another device again: changing the password with the box ticked signs it out.
    const third = await browser.newContext({ baseURL });
    expect((await third.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: origin })).status()).toBe(
      200,
    );
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator(".session-list__item")).toHaveCount(2);
    await page.getByLabel(accountTexts.currentPassword).fill(PASSWORD);
    await page.getByLabel(accountTexts.newPassword, { exact: true }).fill("countess-of-lovelace");
    await page.getByLabel(accountTexts.passwordSignOutOthers).check();
    await page.getByRole("button", { name: accountTexts.changePassword }).click();
    await expect(page.locator(".toast--success").filter({ hasText: accountTexts.passwordChanged })).toBeVisible();
    await expect(page.locator(".session-list__item")).toHaveCount(1);
    expect(await (await third.request.get("/api/auth/get-session")).json()).toBeNull();
    await third.close();

    await page.getByRole("button", { name: accountTexts.deleteButton }).click();
    const confirm = page.getByRole("dialog", { name: accountTexts.deleteConfirmTitle });
    await confirm.getByLabel(authTexts.password).fill("countess-of-lovelace");
    await confirm.getByRole("button", { name: accountTexts.deleteConfirm }).click();
    await expect(page).toHaveURL(/\/$/);
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: "countess-of-lovelace" },
      headers: origin,
    });
    expect(((await signIn.json()) as { code: string }).code).toBe("USER_NOT_FOUND");
  });
});
