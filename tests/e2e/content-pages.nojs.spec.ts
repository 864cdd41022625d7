import { authTexts, texts } from "../../app/lib/texts";
import { acceptCookies, expect, test } from "./fixtures";

/**
 * Issue #32: with JavaScript off (this file runs in the "no-js" project), content pages work as
 * HTML: the header's menus and drawer open, the auth dialog signs in, up and out through form
 * posts and the cookie banner takes consent. The same is true in the moment before a script has
 * run on a page with JavaScript on. Question pages, lists and search: questions.nojs.spec.ts;
 * the contact form: contact.spec.ts; home: home.spec.ts.
 */

const PASSWORD = "analytical-engine";
const uniqueEmail = () => `nojs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test("scripts really are off here", async ({ page }) => {
  await page.goto("/aboutus");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
});

test("the header's menus open and close, and their links lead on", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/aboutus");
  const nav = page.getByRole("navigation", { name: texts.nav.label });
  const menu = page.locator("#nav-menu-other");
  await nav.getByRole("button", { name: texts.nav.otherTech }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await nav.getByRole("button", { name: texts.nav.otherTech }).click();
  // A click outside closes it too.
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toBeHidden();
  await nav.getByRole("button", { name: texts.nav.javascript }).click();
  await page.locator("#nav-menu-javascript").getByRole("link", { name: "Node.js" }).click();
  await expect(page).toHaveURL(/\/nodejs-questions$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the drawer opens from the menu button, traps the page behind it, closes, and its links lead on", async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    await page.goto("/devinsights");
    const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: texts.nav.closeMenu })).toBeFocused();
    await drawer.getByRole("button", { name: texts.nav.closeMenu }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    await drawer.getByRole("link", { name: texts.nav.aboutUs }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
  });

  test("the header's Login opens the login dialog, and the drawer opens on Login and Sign Up, then the practice links", async ({
    page,
    baseURL,
  }) => {
    await acceptCookies(page, baseURL!);
    await page.goto("/aboutus");
    await page.getByRole("banner").getByRole("button", { name: texts.nav.login }).click();
    const login = page.getByRole("dialog", { name: authTexts.loginTitle });
    await expect(login).toBeVisible();
    await login.getByRole("button", { name: authTexts.close }).click();
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
    const names = await drawer.locator("a, button").evaluateAll((elements) => elements.slice(1, 4).map((e) => e.textContent?.trim()));
    expect(names).toEqual([texts.nav.login, texts.nav.signUp, texts.nav.quizzes]);
  });

  test("Sign Up in the drawer opens the sign-up dialog", async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    await page.goto("/aboutus");
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    await page.getByRole("dialog", { name: texts.nav.drawerTitle }).getByRole("button", { name: texts.nav.signUp }).click();
    await expect(page.getByRole("dialog", { name: authTexts.signupTitle })).toBeVisible();
  });
});

test("sign-up, a wrong password, sign-in and logout all work through the dialog's forms", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  const email = uniqueEmail();
  await page.goto("/privacy");

  // Sign up: back on the same page, signed in.
  await page.getByRole("banner").getByRole("button", { name: texts.nav.login }).click();
  const login = page.getByRole("dialog", { name: authTexts.loginTitle });
  await login.getByRole("button", { name: authTexts.toSignup }).click();
  const signup = page.getByRole("dialog", { name: authTexts.signupTitle });
  await signup.getByLabel(authTexts.fullName).fill("Grace Hopper");
  await signup.getByLabel(authTexts.email).fill(email);
  await signup.getByLabel(authTexts.password).fill(PASSWORD);
  await signup.getByRole("button", { name: authTexts.signupButton }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Grace Hopper" })).toBeVisible();

  // Logout is a form: it ends the session and goes home.
  await page.getByRole("banner").getByRole("button", { name: texts.nav.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: texts.nav.login })).toBeVisible();

  // A wrong password: the page comes back with the dialog open, the spec's message and the email kept.
  await page.goto("/terms");
  await page.getByRole("banner").getByRole("button", { name: texts.nav.login }).click();
  await login.getByLabel(authTexts.email).fill(email);
  await login.getByLabel(authTexts.password).fill("not-the-password");
  await login.getByRole("button", { name: authTexts.loginButton }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(login).toBeVisible();
  await expect(login.getByRole("alert")).toHaveText(authTexts.wrongPassword);
  await expect(login.getByLabel(authTexts.email)).toHaveValue(email);
  await expect(login.getByLabel(authTexts.password)).toHaveValue("");

  // The right one signs in, on the same page; the message is not shown again.
  await login.getByLabel(authTexts.password).fill(PASSWORD);
  await login.getByRole("button", { name: authTexts.loginButton }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Grace Hopper" })).toBeVisible();
  await page.reload();
  await expect(login).toBeHidden();
});

test("the cookie banner's 'I understand' stores consent and the banner stays away", async ({ page, context }) => {
  await page.goto("/aboutus");
  const banner = page.getByRole("region", { name: texts.cookies.label });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: texts.cookies.accept }).click();
  await expect(page).toHaveURL(/\/aboutus$/);
  await expect(banner).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === "devpreps")?.value).toBe("true");
  await page.goto("/devinsights");
  await expect(page.getByRole("region", { name: texts.cookies.label })).toHaveCount(0);
});
