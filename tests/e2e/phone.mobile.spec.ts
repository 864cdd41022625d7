import type { Page } from "@playwright/test";
import { practiceLinks } from "../../app/lib/nav";
import { accountTexts, authTexts, fill, quizTexts, texts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, openSiteDatabase, signUp, test, waitForHydration } from "./fixtures";

/** Issue #33: the site at 375 px, as a phone shows it. */

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

/**
 * Elements that reach past the viewport's left or right edge, outermost only, named by a CSS
 * path. What a scroll container (a code block) or a clipping box holds in is not counted.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const contained = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== "visible" || style.clipPath !== "none") return true;
      }
      return false;
    };
    const name = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const id = node.id ? `#${node.id}` : "";
        const classes = [...node.classList].map((c) => `.${c}`).join("");
        parts.unshift(`${node.tagName.toLowerCase()}${id}${classes}`);
        if (id) break;
      }
      return parts.join(" > ");
    };
    const wide = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5);
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (!wide(element) || contained(element)) continue;
      if (element.parentElement && element.parentElement !== document.body && wide(element.parentElement)) continue;
      const box = element.getBoundingClientRect();
      found.push(`${name(element)} (${Math.round(box.left)}–${Math.round(box.right)} px of ${width})`);
    }
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways to ${document.documentElement.scrollWidth} px`);
    return found;
  });
}

/** The published question whose title holds the longest unbroken word (the hardest to fit). */
async function longestWordQuestion(): Promise<string> {
  const db = await openSiteDatabase();
  try {
    const rows = db.prepare("select id, technology, title from question where status = 'published'").all() as {
      id: string;
      technology: string;
      title: string;
    }[];
    const longest = (title: string) => Math.max(...title.split(/[\s-]+/).map((w) => w.length));
    const row = rows.reduce((a, b) => (longest(b.title) > longest(a.title) ? b : a));
    return `/${row.technology}-questions/${row.id}`;
  } finally {
    db.close();
  }
}

test("no element is wider than a 375 px screen on the 20 main pages", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const check = async (what: string) => {
    for (const problem of await overflowing(page)) problems.push(`${what}: ${problem}`);
  };
  const visit = async (path: string) => {
    await page.goto(path);
    await waitForHydration(page);
    await check(path);
  };

  for (const path of [
    "/",
    "/javascript-questions",
    await longestWordQuestion(),
    "/search?q=closure",
    "/devinsights",
    "/blog/sql-indexes-for-interviews",
    "/aboutus",
    "/contactus",
    "/privacy",
    "/terms",
    "/htmloverview",
    "/compiler",
    "/quizzes",
    "/interview",
    "/no/such/page",
  ])
    await visit(path);

  await page.goto("/aboutus");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: texts.nav.login }).click();
  await expect(page.getByRole("dialog", { name: authTexts.loginTitle })).toBeVisible();
  await check("the login dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  await expect(page.getByRole("dialog", { name: texts.nav.drawerTitle })).toBeVisible();
  await check("the drawer");

  // The quiz in play, the account and the bookmarks, signed in.
  await signUp(page, baseURL!, "Bartholomew Featherstonehaugh-Cholmondeley");
  await page.goto("/quizzes?technology=javascript&level=all&count=10&time=30");
  await waitForHydration(page);
  await page.getByRole("button", { name: quizTexts.start }).click();
  await expect(page.locator(".quiz-question__title")).toBeVisible();
  await check("a quiz in play");
  await visit("/account");
  await visit("/bookmarks");
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  await check("the signed-in drawer");

  expect(problems, "elements wider than the screen").toEqual([]);
});

test("the quiz timer stays in view while the reader scrolls to the bottom of a long question", async ({ page }) => {
  await page.goto("/quizzes?technology=javascript&level=all&count=10&time=60");
  await waitForHydration(page);
  await page.getByRole("button", { name: quizTexts.start }).click();
  const timer = page.getByRole("timer", { name: quizTexts.timeLeft });
  await expect(timer).toBeVisible();
  // The question and its options run past the bottom of the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(overflow).toBeGreaterThan(200);

  for (const fraction of [0.5, 1]) {
    await page.evaluate((f) => window.scrollTo(0, f * (document.documentElement.scrollHeight - window.innerHeight)), fraction);
    await expect(page.getByRole("button", { name: quizTexts.submit })).toBeVisible();
    await expect(timer).toBeInViewport({ ratio: 1 });
    // Not under the header: what the reader sees at the timer's middle is the timer.
    const onTop = await timer.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(seen && element.contains(seen));
    });
    expect(onTop).toBe(true);
  }
  await expectAccessible(page);
});

test("Tab and Shift+Tab go round inside the login dialog, never to the page behind", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: texts.nav.login }).click();
  const dialog = page.getByRole("dialog", { name: authTexts.loginTitle });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("button", { name: authTexts.close });
  const forgot = dialog.getByRole("button", { name: authTexts.forgotLink });
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest("#auth-login")));

  await forgot.focus();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(forgot).toBeFocused();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inside()).toBe(true);
  }

  // The sign-up view too, reached from the login view.
  await dialog.getByRole("button", { name: authTexts.toSignup }).click();
  const signup = page.getByRole("dialog", { name: authTexts.signupTitle });
  await expect(signup).toBeVisible();
  await signup.getByRole("button", { name: authTexts.close }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(signup.getByRole("button", { name: authTexts.toLogin })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(signup.getByRole("button", { name: authTexts.close })).toBeFocused();
});

/** The drawer's links and buttons, in the order a reader meets them. */
async function drawerControls(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: texts.nav.openMenu }).click();
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  await expect(drawer).toBeVisible();
  return drawer
    .locator("a, button")
    .evaluateAll((elements) => elements.map((e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim()).filter(Boolean));
}

test("the drawer opens on the account, then quizzes, interviews, the compiler and search, then the technologies", async ({
  page,
  baseURL,
}) => {
  const practice = practiceLinks.map((link) => link.label);
  expect(practice).toEqual([texts.nav.quizzes, texts.nav.interviews, texts.nav.compiler, texts.nav.search]);
  await page.goto("/aboutus");
  await waitForHydration(page);
  const visitor = await drawerControls(page);
  expect(visitor.slice(0, 7)).toEqual([texts.nav.closeMenu, texts.nav.login, texts.nav.signUp, ...practice]);
  expect(visitor[7]).toBe(texts.nav.javascript);
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  for (const link of practiceLinks)
    await expect(drawer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
  // The Login button is in the first screenful, not below twenty links.
  await expect(drawer.getByRole("button", { name: texts.nav.login })).toBeInViewport();
  await expectAccessible(page);

  await signUp(page, baseURL!, "Grace Hopper");
  await page.goto("/aboutus");
  await waitForHydration(page);
  const member = await drawerControls(page);
  expect(member.slice(0, 7)).toEqual([texts.nav.closeMenu, texts.nav.account, texts.nav.logout, ...practice]);
  await expect(drawer.locator(".nav-drawer__user")).toHaveText("Grace Hopper");
  await expect(drawer.getByRole("link", { name: texts.nav.account })).toHaveAttribute("href", "/account");
});

test("the phone header has Login for a visitor and the reader's initial, linking to the account, once signed in", async ({
  page,
  baseURL,
}) => {
  await page.goto("/devinsights");
  await waitForHydration(page);
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: texts.nav.login }).click();
  await expect(page.getByRole("dialog", { name: authTexts.loginTitle })).toBeVisible();
  await page.keyboard.press("Escape");

  await signUp(page, baseURL!, "ada lovelace");
  await page.goto("/devinsights");
  await waitForHydration(page);
  await expect(header.getByRole("button", { name: texts.nav.login })).toHaveCount(0);
  const avatar = header.getByRole("link", { name: fill(texts.nav.accountOf, { name: "ada lovelace" }) });
  await expect(avatar).toHaveText("A");
  await avatar.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(accountTexts.title);
  await expectAccessible(page);
});
