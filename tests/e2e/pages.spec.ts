import { technologies } from "../../app/lib/technologies";
import { texts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, test, waitForHydration } from "./fixtures";

const pages = [
  { path: "/aboutus", heading: texts.about.title, title: texts.about.title },
  { path: "/contactus", heading: texts.contact.title, title: texts.contact.title },
  { path: "/privacy", heading: "Privacy policy", title: texts.legal.privacyTitle },
  { path: "/terms", heading: "Terms", title: texts.legal.termsTitle },
];

for (const { path, heading, title } of pages) {
  test(`${path} is server-rendered with its own title, description and canonical link, and passes axe`, async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${title} | DevPrep`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/.{20,}/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await waitForHydration(page);
    await expectAccessible(page);
  });
}

test("the sitemap lists the home, about, contact and legal pages", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/", "/aboutus", "/contactus", "/privacy", "/terms"]) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
});

test("the about page lists the 13 technology areas, the mission, reasons, and links to contact", async ({ page }) => {
  await page.goto("/aboutus");
  const domains = page.locator(".tag-list li");
  await expect(domains).toHaveCount(13);
  await expect(domains).toHaveText(technologies.map((t) => t.name));
  await expect(page.getByRole("heading", { name: texts.about.missionHeading })).toBeVisible();
  await expect(page.locator(".check-list li")).toHaveCount(5);
  await waitForHydration(page);
  await page.getByRole("link", { name: texts.about.contactLink, exact: true }).click();
  await expect(page).toHaveURL(/\/contactus$/);
});

test("the privacy policy is dated and names what we store", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.locator(".legal__updated")).toContainText("22 November 2026");
  const text = await page.locator("article").innerText();
  for (const item of [
    "devpreps",
    "visited",
    "selectedCard",
    "selectedSubCard",
    "devprep.appBannerSeen",
    "uid",
    "contact",
    "Dev Insights",
  ]) {
    expect(text, item).toContain(item);
  }
});
