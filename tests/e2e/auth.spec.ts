import type { Page } from "@playwright/test";
import { authTexts, texts } from "../../app/lib/texts";
import { acceptAlert, acceptCookies, expect, expectAccessible, holdRequests, test, waitForHydration } from "./fixtures";

let counter = 0;
const uniqueEmail = () => `e2e-${Date.now()}-${process.pid}-${++counter}@example.com`;
const PASSWORD = "analytical-engine";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
});

const isMobile = () => test.info().project.name === "mobile";

/** Opens the sign-in dialog the way a person would at this width. */
async function openAuth(page: Page, view: "login" | "signup") {
  if (isMobile()) {
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
    await drawer.getByRole("button", { name: view === "login" ? texts.nav.login : texts.nav.signUp }).click();
  } else {
    await page.locator(".header-account").getByRole("button", { name: texts.nav.login }).click();
    if (view === "signup") await page.getByRole("button", { name: authTexts.toSignup }).click();
  }
  const dialog = page.getByRole("dialog", { name: view === "login" ? authTexts.loginTitle : authTexts.signupTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

const origin = (page: Page) => new URL(page.url()).origin;

/** Creates an account through the API; the page's context is then signed in. */
async function signUpByApi(page: Page, name = "Grace Hopper") {
  const email = uniqueEmail();
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
    headers: { Origin: origin(page) },
  });
  expect(response.status()).toBe(200);
  return email;
}

test("signing up closes the dialog, shows the name, stores email, uid and name; logout clears them and goes home", async ({ page }) => {
  const email = uniqueEmail();
  const dialog = await openAuth(page, "signup");
  await expectAccessible(page);
  await dialog.getByLabel(authTexts.fullName).fill("Ada Lovelace");
  await dialog.getByLabel(authTexts.email).fill(email.toUpperCase());
  await dialog.getByLabel(authTexts.password).fill(PASSWORD);
  await dialog.getByRole("button", { name: authTexts.signupButton }).click();
  await expect(dialog).toBeHidden();

  const stored = await page.evaluate(() => ({
    email: localStorage.getItem("email"),
    uid: localStorage.getItem("uid"),
    name: localStorage.getItem("name"),
  }));
  expect(stored.email).toBe(email);
  expect(stored.uid).toMatch(/^[0-9a-f-]{36}$/);
  expect(stored.name).toBe("Ada Lovelace");

  if (isMobile()) {
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
    await expect(drawer.locator(".nav-drawer__user")).toHaveText("Ada Lovelace");
    await expect(drawer.locator(".nav-drawer__email")).toHaveText(email);
    await expect(drawer.getByRole("button", { name: texts.nav.login })).toHaveCount(0);
    await page.goto("/aboutus");
    await waitForHydration(page);
    await page.getByRole("button", { name: texts.nav.openMenu }).click();
    await page.getByRole("dialog", { name: texts.nav.drawerTitle }).getByRole("button", { name: texts.nav.logout }).click();
  } else {
    await expect(page.locator(".header-account__name")).toHaveText("Ada Lovelace");
    await page.goto("/aboutus");
    await waitForHydration(page);
    await page.locator(".header-account").getByRole("button", { name: texts.nav.logout }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await waitForHydration(page);
  expect(await page.evaluate(() => [localStorage.getItem("email"), localStorage.getItem("uid"), localStorage.getItem("name")])).toEqual([
    null,
    null,
    null,
  ]);
  if (!isMobile()) await expect(page.locator(".header-account").getByRole("button", { name: texts.nav.login })).toBeVisible();
});

test.describe("checks in the spec's words", () => {
  // On a content page (home) the dialog's form is checked by /auth/*, which refuses it with a
  // 400 that Chromium logs; nothing reaches the account API.
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test("the dialog checks the fields before sending, in the spec's words", async ({ page }) => {
    let sent = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/")) sent = true;
    });
    const dialog = await openAuth(page, "signup");
    const alert = dialog.getByRole("alert");
    const submit = dialog.getByRole("button", { name: authTexts.signupButton });
    await dialog.getByLabel(authTexts.email).fill("ada@example.com");
    await dialog.getByLabel(authTexts.password).fill(PASSWORD);
    await dialog.getByLabel(authTexts.fullName).fill("   ");
    await submit.click();
    await expect(alert).toHaveText(authTexts.missingName);
    await dialog.getByLabel(authTexts.fullName).fill("Ada");
    await dialog.getByLabel(authTexts.email).fill("ada@example");
    await submit.click();
    await expect(alert).toHaveText(authTexts.invalidEmail);
    await dialog.getByLabel(authTexts.email).fill("ada@example.com");
    await dialog.getByLabel(authTexts.password).fill("12345");
    await submit.click();
    await expect(alert).toHaveText(authTexts.shortPassword);
    expect(sent).toBe(false);
    for (const label of [authTexts.fullName, authTexts.email, authTexts.password])
      await expect(dialog.getByLabel(label)).toHaveAttribute("required", "");
  });

  test("switching between login and sign-up clears the fields and the error", async ({ page }) => {
    const dialog = await openAuth(page, "login");
    await dialog.getByLabel(authTexts.email).fill("not-an-email");
    await dialog.getByLabel(authTexts.password).fill(PASSWORD);
    await dialog.getByRole("button", { name: authTexts.loginButton }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authTexts.invalidEmail);
    await dialog.getByRole("button", { name: authTexts.toSignup }).click();
    const signup = page.getByRole("dialog", { name: authTexts.signupTitle });
    await expect(signup.getByRole("alert")).toHaveCount(0);
    await expect(signup.getByLabel(authTexts.email)).toHaveValue("");
    await expect(signup.getByLabel(authTexts.password)).toHaveValue("");
  });
});

test.describe("server answers", () => {
  // The refused request itself is logged by Chromium; that is expected here.
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test("unknown email, wrong password, an email in use and a common password each get the spec's message", async ({ page }) => {
    const email = await signUpByApi(page);
    // Signed in through the API: sign out again to use the dialog as a visitor.
    await page.request.post("/api/auth/sign-out", { data: {}, headers: { Origin: origin(page) } });
    await page.reload();
    await waitForHydration(page);

    let dialog = await openAuth(page, "login");
    await dialog.getByLabel(authTexts.email).fill(uniqueEmail());
    await dialog.getByLabel(authTexts.password).fill(PASSWORD);
    await dialog.getByRole("button", { name: authTexts.loginButton }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authTexts.userNotFound);

    await dialog.getByLabel(authTexts.email).fill(email);
    await dialog.getByLabel(authTexts.password).fill("difference-engine");
    await dialog.getByRole("button", { name: authTexts.loginButton }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authTexts.wrongPassword);

    await dialog.getByRole("button", { name: authTexts.toSignup }).click();
    dialog = page.getByRole("dialog", { name: authTexts.signupTitle });
    await dialog.getByLabel(authTexts.fullName).fill("Grace");
    await dialog.getByLabel(authTexts.email).fill(email);
    await dialog.getByLabel(authTexts.password).fill(PASSWORD);
    await dialog.getByRole("button", { name: authTexts.signupButton }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authTexts.emailInUse);

    await dialog.getByLabel(authTexts.email).fill(uniqueEmail());
    await dialog.getByLabel(authTexts.password).fill("password123");
    await dialog.getByRole("button", { name: authTexts.signupButton }).click();
    await expect(dialog.getByRole("alert")).toHaveText(authTexts.commonPassword);
    await expectAccessible(page);
  });

  test("after five attempts in a minute the dialog says to wait", async ({ page }) => {
    const dialog = await openAuth(page, "login");
    const email = uniqueEmail();
    // Limits count in one-minute windows: five answers, then the refusal, unless a window
    // boundary falls in between, in which case the count starts again (so at most 11 tries).
    const answers: string[] = [];
    for (let i = 0; i < 11 && !answers.includes(authTexts.tooManyAttempts); i++) {
      await dialog.getByLabel(authTexts.email).fill(email);
      await dialog.getByLabel(authTexts.password).fill(`attempt-${i}`);
      await dialog.getByRole("button", { name: authTexts.loginButton }).click();
      await expect(dialog.getByRole("button", { name: authTexts.loginButton })).toBeEnabled();
      answers.push((await dialog.getByRole("alert").textContent()) ?? "");
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(authTexts.userNotFound));
    expect(answers.at(-1)).toBe(authTexts.tooManyAttempts);
  });
});

test("while signing in the inputs are disabled and the button reads 'Logging In...'", async ({ page }) => {
  const email = await signUpByApi(page);
  await page.request.post("/api/auth/sign-out", { data: {}, headers: { Origin: origin(page) } });
  await page.reload();
  await waitForHydration(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/auth/login", async (route) => {
    await held;
    await route.continue();
  });
  const dialog = await openAuth(page, "login");
  await dialog.getByLabel(authTexts.email).fill(email);
  await dialog.getByLabel(authTexts.password).fill(PASSWORD);
  await dialog.getByRole("button", { name: authTexts.loginButton }).click();
  await expect(dialog.getByRole("button", { name: authTexts.loggingIn })).toBeVisible();
  await expect(dialog.getByLabel(authTexts.email)).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
});

test("signed in, the carousel goes to the JavaScript questions and a card stores its selection", async ({ page }) => {
  await signUpByApi(page);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("link", { name: texts.home.slides[0]!.button }).click();
  await expect(page).toHaveURL(/\/javascript-questions$/);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Console & Debugging" }).click();
  await expect(page).toHaveURL(/\/javascript-questions\?kind=console&level=beginner$/);
  expect(await page.evaluate(() => localStorage.getItem("selectedCard"))).toBe("2");
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Programming Challenges" }).click();
  await expect(page).toHaveURL(/\/javascript-questions\?kind=program&level=beginner$/);
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem("selectedCard"))).toBe("3");
});

test("a visitor who is not signed in still gets the alert (the gate is the session, not the page)", async ({ page }) => {
  const alert = await acceptAlert(page, () => page.getByRole("link", { name: "Theory Fundamentals" }).click());
  expect(alert.message).toBe(texts.home.loginRequired);
});

test("while signing up the button reads 'Signing Up...'", async ({ page }) => {
  const release = await holdRequests(page, "**/api/auth/sign-up/email");
  const dialog = await openAuth(page, "signup");
  await dialog.getByLabel(authTexts.fullName).fill("Ada");
  await dialog.getByLabel(authTexts.email).fill(uniqueEmail());
  await dialog.getByLabel(authTexts.password).fill(PASSWORD);
  await dialog.getByRole("button", { name: authTexts.signupButton }).click();
  await expect(dialog.getByRole("button", { name: authTexts.signingUp })).toBeVisible();
  await expect(dialog.getByLabel(authTexts.fullName)).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
});
