import crypto from "node:crypto";
import { authTexts, texts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, holdRequests, nextAlert, tap, test, waitForHydration } from "./fixtures";

const DAY = 24 * 60 * 60;

test("the home page is server-rendered with its title, description, canonical link, header and footer", async ({ page, baseURL }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${texts.home.title} | DevPrep`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", texts.home.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
  await expect(page.getByRole("link", { name: "DevPrep home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("contentinfo")).toContainText("© 2024 DevPrep");
  await waitForHydration(page);
  await expectAccessible(page);
});

/** A page's inline scripts (structured data is a data block the browser never runs, so CSP does not govern it). */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((m) => ({ attributes: m[1] ?? "", body: m[2] ?? "" }))
    .filter((s) => !s.attributes.includes("application/ld+json"));
}

function expectLockedDown(csp: string) {
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

test("pages rendered per request carry a nonce-based Content-Security-Policy and every inline script has the nonce", async ({ page }) => {
  // The quiz page is not one the page cache keeps, so it is rendered for each request.
  const response = await page.goto("/quizzes");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expectLockedDown(csp);
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response?.headers()["referrer-policy"]).toBeTruthy();
  expect(response?.headers()["cache-control"]).toBe("private, no-cache");
  const scripts = inlineScripts((await response?.text()) ?? "");
  expect(scripts.length).toBeGreaterThan(0);
  for (const { attributes } of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  await waitForHydration(page);
});

test("visitors' cached pages carry a policy of their inline scripts' hashes, no nonce, and still run", async ({ page, request }) => {
  await request.get("/devinsights");
  const response = await page.goto("/devinsights");
  const headers = response?.headers() ?? {};
  expect(headers["x-cache"]).toBe("hit");
  expect(headers["cache-control"]).toContain("s-maxage=");
  const csp = headers["content-security-policy"] ?? "";
  expectLockedDown(csp);
  expect(csp).not.toContain("'nonce-");
  const scripts = inlineScripts((await response?.text()) ?? "");
  expect(scripts.length).toBeGreaterThan(0);
  const allowed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
  for (const { attributes, body } of scripts) {
    expect(attributes).not.toContain("nonce");
    expect(allowed).toContain(crypto.createHash("sha256").update(body).digest("base64"));
  }
  // The scripts ran: the page hydrated (a refused script is also a console error, which fails every test).
  await waitForHydration(page);
});

test("the cookie banner stays until 'I understand', which stores consent for 150 days", async ({ page, context }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: texts.cookies.label });
  await expect(banner).toContainText(texts.cookies.message);
  await waitForHydration(page);
  // Scrolling is not consent.
  await page.mouse.wheel(0, 2000);
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: texts.cookies.accept }).click();
  await expect(banner).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === "devpreps");
  expect(cookie?.value).toBe("true");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(150 * DAY - 60);
  expect(lifetime).toBeLessThanOrEqual(150 * DAY);
  await page.reload();
  await expect(banner).toBeHidden();
});

test("copying page text is blocked, while text in a form field stays copyable", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await acceptCookies(page, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => navigator.clipboard.writeText("before"));
  await page.getByRole("heading", { level: 1 }).selectText();
  await page.keyboard.press("Control+C");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("before");

  // A form field holds the user's own text.
  await page.goto("/contactus");
  await waitForHydration(page);
  // The contact form's field (the page also holds the closed auth dialogs' fields).
  const email = page.locator(".contact-form").getByLabel("Email", { exact: true });
  await email.fill("ada@example.com");
  await email.selectText();
  await page.keyboard.press("Control+C");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("ada@example.com");
});

test("an unknown path answers 404 with the not-found page, its links and noindex", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.notFound.title);
  await expect(page.getByText(texts.notFound.text)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const links = page.locator(".not-found__links a");
  await expect(links).toHaveCount(5);
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/",
    "/javascript-questions",
    "/react-questions",
    "/devinsights",
    "/privacy",
  ]);
  await waitForHydration(page);
  await expectAccessible(page);
});

test("the home page with a query string redirects to /404 on a full load", async ({ page }) => {
  await page.goto("/404");
  await page.goto("/?utm_source=newsletter");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.notFound.title);
  // The redirect left no entry for the address with the query string.
  await page.goBack();
  await expect(page).toHaveURL(/\/404$/);
});

test("an app page's router reaches a content page with a document load, so the content page's islands run", async ({ page }) => {
  await page.goto("/compiler");
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter;
    setTimeout(() => router.navigate("/aboutus"));
  });
  await expect(page).toHaveURL(/\/aboutus$/);
  await waitForHydration(page);
  expect(await page.evaluate(() => "sameDocument" in window), "loaded as a new document").toBe(false);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

test("a routing failure shows the error screen with its status", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  // A form posted to a page that takes no posts: React Router answers 405.
  const response = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/"),
    page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/";
      document.body.append(form);
      form.submit();
    }),
  ]).then(([r]) => r);
  expect(response.status()).toBe(405);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.errors.unexpectedTitle);
  await expect(page.locator(".error-screen__status")).toHaveText("405 Method Not Allowed");
  await expect(page.locator("body")).not.toContainText(/at \S+\.(js|ts):\d+/);
  await expectAccessible(page);
});

test("a spinner overlay covers the page while the next page loads", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/compiler");
  await waitForHydration(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.locator('footer a[href="/quizzes"]').first().click();
  const overlay = page.getByTestId("navigation-overlay");
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveAttribute("role", "status");
  release();
  await expect(page).toHaveURL(/\/quizzes$/);
  await expect(overlay).toBeHidden();
});

test("a page that has not loaded after 120 seconds is loaded afresh from the server", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.clock.install();
  await page.goto("/compiler");
  await waitForHydration(page);
  // The page data never arrives, as on a connection that stalled.
  await page.route(/\.data(\?|$)/, () => {});
  await page.locator('footer a[href="/quizzes"]').first().click();
  await expect(page.getByTestId("navigation-overlay")).toBeVisible();
  await page.clock.runFor(119_000);
  expect(new URL(page.url()).pathname).toBe("/compiler");
  const reload = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame() && new URL(frame.url()).pathname === "/quizzes");
  await page.clock.runFor(1_500);
  await reload;
  await expect(page).toHaveURL(/\/quizzes$/);
});

test.describe("a route chunk that fails to load", () => {
  test.use({ allowConsoleErrors: /Error loading route module|Failed to fetch dynamically imported module|net::ERR_FAILED|TypeError/ });

  test("recovers with a reload instead of a dead page", async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    await page.goto("/compiler");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "before"));
    await page.route(/\/assets\/quizzes-[^/]*\.js$/, (route) => route.abort());
    const reloaded = page.waitForEvent("load");
    await page.locator('footer a[href="/quizzes"]').first().click();
    await reloaded;
    // The page reloaded: our marker is gone and the page works again.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker ?? "reloaded")).toBe("reloaded");
    await waitForHydration(page);
    await page.unroute(/\/assets\/quizzes-[^/]*\.js$/);
    await page.locator('footer a[href="/quizzes"]').first().click();
    await expect(page).toHaveURL(/\/quizzes$/);
  });
});

test("the app banner opens the store in a new tab and is not shown again", async ({ page, context }) => {
  await context.route("https://play.google.com/**", (route) => route.fulfill({ body: "store", contentType: "text/plain" }));
  await page.goto("/");
  await waitForHydration(page);
  const banner = page.getByRole("complementary", { name: texts.appBanner.label });
  const [popup] = await Promise.all([context.waitForEvent("page"), banner.getByRole("link", { name: texts.appBanner.download }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe("https://play.google.com/store/apps/details?id=dev.devprep.app");
  await popup.close();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("devprep.appBannerSeen"))).not.toBeNull();
  await page.reload();
  await expect(banner).toBeHidden();
});

test("the theme follows the system, and a chosen theme is kept across reloads", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await waitForHydration(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  await page.getByRole("button", { name: texts.theme.toLight }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  const light = await background();
  expect(light).not.toBe(dark);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await background()).toBe(light);
  await page.getByRole("button", { name: texts.theme.toDark }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expectAccessible(page);
});

test("web-vitals is not part of the first load and arrives after hydration", async ({ page }) => {
  // Home is a content page: its islands load web-vitals (assets/islands/) after the page has loaded.
  const vitals = page.waitForResponse(/\/assets\/(islands\/)?web-vitals-[^/]*\.js$/);
  const response = await page.goto("/");
  expect(await response?.text()).not.toContain("web-vitals");
  expect((await vitals).status()).toBe(200);
});

test("a content page loads its islands and none of the application's code; an app page preloads its code at once", async ({
  page,
  request,
}) => {
  // Decision 018 (issue #32): a content page is HTML with island scripts, not the hydrated app.
  expect(await (await request.get("/javascript-questions")).text()).not.toContain('rel="modulepreload"');
  await page.goto("/javascript-questions");
  await waitForHydration(page);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith(".js")),
  );
  expect(scripts.filter((name) => !name.startsWith("/assets/islands/"))).toEqual([]);
  expect(scripts.some((name) => /\/assets\/islands\/question-list-[^/]+\.js$/.test(name))).toBe(true);
  // The compiler is nothing without its code: it is fetched with the page.
  expect(await (await request.get("/compiler")).text()).toContain('rel="modulepreload"');
});

test("robots.txt and sitemap.xml describe the public site", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/</loc>`);
});

test("built assets are served with immutable caching", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("after a navigation in the page the head follows it: title, description, canonical, and the new page's style sheet", async ({
  page,
  baseURL,
}) => {
  // The head the server writes for /quizzes is what the page's head must become (docs/decisions/016).
  const html = await (await page.request.get("/quizzes")).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  expect(title).toBeTruthy();
  await acceptCookies(page, baseURL!);
  // From an app page: content pages (home among them) move between pages with full loads.
  await page.goto("/compiler");
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator(`footer a[href="/quizzes"]`).first().click();
  await expect(page).toHaveURL(`${baseURL}/quizzes`);
  expect(await page.evaluate(() => "sameDocument" in window), "navigated without reloading").toBe(true);
  await expect(page).toHaveTitle(title!.replaceAll("&amp;", "&"));
  await expect(page.locator("head title")).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description!.replaceAll("&amp;", "&"));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/quizzes`);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => /\/assets\/quiz-[\w-]+\.css$/.test(sheet.href ?? ""))))
    .toBe(true);
  await expectAccessible(page);
});

test("the menu, Login and a home card act on a tap right after the page first shows, before any island has arrived", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!);
  // The islands are held back: what is tapped must work as HTML (and the inline boot script).
  const release = await holdRequests(page, "**/assets/islands/**");
  await page.goto("/", { waitUntil: "commit" });
  const mobile = (page.viewportSize()?.width ?? 1280) < 992;
  const drawer = page.getByRole("dialog", { name: texts.nav.drawerTitle });
  const opener = mobile
    ? page.getByRole("button", { name: texts.nav.openMenu })
    : page.getByRole("navigation", { name: texts.nav.label }).getByRole("button", { name: texts.nav.javascript });
  await opener.waitFor();
  let tapped = await tap(page, opener);
  await expect(mobile ? drawer : page.locator("#nav-menu-javascript")).toBeVisible({ timeout: 1_000 });
  expect(Date.now() - tapped).toBeLessThan(1_000);
  if (!mobile) await page.keyboard.press("Escape");

  const login = mobile
    ? drawer.getByRole("button", { name: texts.nav.login })
    : page.locator(".header-account").getByRole("button", { name: texts.nav.login });
  // The drawer slides in, and its Login button sits at its foot: tapped once it is in view.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await login.scrollIntoViewIfNeeded();
  tapped = await tap(page, login);
  await expect(page.getByRole("dialog", { name: authTexts.loginTitle })).toBeVisible({ timeout: 1_000 });
  expect(Date.now() - tapped).toBeLessThan(1_000);
  await page.keyboard.press("Escape");
  if (mobile) await page.keyboard.press("Escape");

  // The spec's alert on a home card comes from the inline boot script.
  const card = page.getByRole("link", { name: texts.home.cards[0]!.title });
  await card.scrollIntoViewIfNeeded();
  const alert = nextAlert(page);
  tapped = await tap(page, card);
  const shown = await alert;
  expect(shown.at - tapped).toBeLessThan(1_000);
  expect(shown.message).toBe(texts.home.loginRequired);
  await expect(page).toHaveURL(/\/$/);
  release();
});
