import { navGroups, trailingLinks } from "../../app/lib/nav";
import { authTexts, texts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
});

test("below 992 px the links move into a drawer with Login and Sign Up for visitors", async ({ page }) => {
  await expect(page.getByRole("navigation", { name: texts.nav.label })).toBeHidden();
  const toggle = page.getByRole("button", { name: texts.nav.openMenu });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: texts.nav.home, exact: true })).toHaveAttribute("href", "/");
  for (const link of [...navGroups.flatMap((g) => g.links), ...trailingLinks]) {
    await expect(drawer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
  }
  await expect(drawer.getByRole("button", { name: texts.nav.login })).toBeVisible();
  await expect(drawer.getByRole("button", { name: texts.nav.signUp })).toBeVisible();
  await expect(drawer.getByRole("link", { name: texts.nav.playStoreBadgeAlt })).toBeVisible();
  await expectAccessible(page);
});

test("Escape, the close button and the backdrop each close the drawer", async ({ page }) => {
  const toggle = page.getByRole("button", { name: texts.nav.openMenu });
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  await toggle.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  await toggle.click();
  await drawer.getByRole("button", { name: texts.nav.closeMenu }).click();
  await expect(drawer).toBeHidden();

  await toggle.click();
  await expect(drawer).toBeVisible();
  // The backdrop is the part of the dialog outside its panel, left of the drawer.
  await page.mouse.click(10, 400);
  await expect(drawer).toBeHidden();
});

test("focus stays inside the open drawer", async ({ page }) => {
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  await expect(drawer.getByRole("button", { name: texts.nav.closeMenu })).toBeFocused();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(
      () => Boolean(document.activeElement?.closest("#site-drawer")) || document.activeElement === document.body,
    );
    expect(inside).toBe(true);
  }
});

test("choosing a link navigates and closes the drawer", async ({ page }) => {
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  await drawer.getByRole("link", { name: texts.nav.aboutUs }).click();
  await expect(page).toHaveURL(/\/aboutus$/);
  await expect(drawer).toBeHidden();
});

test("Login and Sign Up open the sign-in dialog in the matching view", async ({ page }) => {
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  await page.getByRole("dialog", { name: texts.nav.drawerTitle }).getByRole("button", { name: texts.nav.signUp }).click();
  const signup = page.getByRole("dialog", { name: authTexts.signupTitle });
  await expect(signup).toBeVisible();
  await expect(signup.getByLabel(authTexts.fullName)).toBeVisible();
  await signup.getByRole("button", { name: authTexts.close }).click();
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  await page.getByRole("dialog", { name: texts.nav.drawerTitle }).getByRole("button", { name: texts.nav.login }).click();
  const login = page.getByRole("dialog", { name: authTexts.loginTitle });
  await expect(login).toBeVisible();
  await expect(login.getByLabel(authTexts.fullName)).toHaveCount(0);
  await expectAccessible(page);
});
