import type { Page } from "@playwright/test";
import { texts } from "../../app/lib/texts";
import { acceptAlert, acceptCookies, expect, holdRequests, openSiteDatabase, test, waitForHydration } from "./fixtures";

const t = texts.contact;

test.beforeEach(async ({ page, baseURL, javaScriptEnabled }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/contactus");
  if (javaScriptEnabled) await waitForHydration(page);
});

// The page also holds the (closed) auth dialogs, whose fields have the same names.
const form = (page: Page) => page.locator(".contact-form");
const formError = (page: Page) => form(page).getByRole("alert");

async function fill(page: Page, message: string) {
  await form(page).getByLabel(t.name, { exact: true }).fill("Ada Lovelace");
  await form(page).getByLabel(t.email, { exact: true }).fill("ada@example.com");
  await form(page).getByLabel(t.message, { exact: true }).fill(message);
}

/** Five messages through the API use up this client's limit: the form's next one is refused and its text kept. */
async function expectRefusedAfterFive(page: Page, baseURL: string, text: string) {
  for (let i = 0; i < 5; i++) {
    const response = await page.request.post("/api/contact", {
      data: { name: "Ada", email: "ada@example.com", message: `note ${i}` },
      // The consent cookie goes with it, so it says where it comes from, as the site's own page does.
      headers: { Origin: baseURL },
    });
    expect(response.status()).toBe(201);
  }
  await fill(page, text);
  await page.getByRole("button", { name: t.send }).click();
  await expect(formError(page)).toContainText("Please wait a few minutes and try again.");
  await expect(form(page).getByLabel(t.message, { exact: true })).toHaveValue(text);
}

test("the form has required name, email (type email) and a 5-row message", async ({ page }) => {
  await expect(form(page).getByLabel(t.name, { exact: true })).toHaveAttribute("required", "");
  await expect(form(page).getByLabel(t.email, { exact: true })).toHaveAttribute("type", "email");
  await expect(form(page).getByLabel(t.message, { exact: true })).toHaveAttribute("rows", "5");
  // Browser validation stops an empty form: no request, no alert.
  let posted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/contact")) posted = true;
  });
  await page.getByRole("button", { name: t.send }).click();
  expect(
    await form(page)
      .getByLabel(t.name, { exact: true })
      .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
  ).toBe(true);
  expect(posted).toBe(false);
});

test("sending shows 'Message sent successfully!', clears the fields and stores the message", async ({ page }) => {
  const text = `Please add questions on Node streams (${Date.now()}-${Math.random()})`;
  await fill(page, text);
  const alert = await acceptAlert(page, () => page.getByRole("button", { name: t.send }).click());
  expect(alert.message).toBe(t.sent);
  await expect(form(page).getByLabel(t.name, { exact: true })).toHaveValue("");
  await expect(form(page).getByLabel(t.email, { exact: true })).toHaveValue("");
  await expect(form(page).getByLabel(t.message, { exact: true })).toHaveValue("");
  const db = await openSiteDatabase();
  const row = db.prepare("select name, email, message from contact_message where message = ?").get(text);
  db.close();
  expect(row).toEqual({ name: "Ada Lovelace", email: "ada@example.com", message: text });
});

test.describe("when sending fails", () => {
  // The failed request itself is logged by Chromium; that is expected here.
  test.use({ allowConsoleErrors: /Failed to load resource/ });

  test("when the server refuses the message, the text stays and the form says why", async ({ page }) => {
    const long = "x".repeat(5001);
    await fill(page, long);
    page.on("dialog", () => {
      throw new Error("no alert may be shown when sending failed");
    });
    await page.getByRole("button", { name: t.send }).click();
    await expect(formError(page)).toContainText("Your message can be at most 5,000 characters.");
    await expect(form(page).getByLabel(t.message, { exact: true })).toHaveValue(long);
    await expect(form(page).getByLabel(t.name, { exact: true })).toHaveValue("Ada Lovelace");
  });

  test("when the network fails, the text stays and the form says so", async ({ page }) => {
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await fill(page, "Written on a train");
    await page.getByRole("button", { name: t.send }).click();
    await expect(formError(page)).toContainText(t.offline);
    await expect(form(page).getByLabel(t.message, { exact: true })).toHaveValue("Written on a train");
  });

  test("after five messages in ten minutes the next is refused, and its text is kept", async ({ page, baseURL }) => {
    await expectRefusedAfterFive(page, baseURL!, "One more thing");
  });
});

test("the 'Get In Touch With Us' cards link to email, chat, social pages, legal pages and the store", async ({ page }) => {
  const section = page.getByRole("region", { name: t.getInTouch });
  const direct = section.getByRole("region", { name: t.directContact });
  await expect(direct.getByRole("link", { name: "hello@devprep.dev" })).toHaveAttribute("href", "mailto:hello@devprep.dev");
  await expect(direct).toContainText("+1 555 010 2024");
  await expect(direct.getByRole("link", { name: /Chat with us/ })).toHaveAttribute("target", "_blank");
  const online = section.getByRole("region", { name: t.connectOnline }).getByRole("link");
  await expect(online).toHaveCount(3);
  for (const link of await online.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  const legal = section.getByRole("region", { name: t.legalAndApp });
  await expect(legal.getByRole("link", { name: texts.labels.privacyPolicy })).toHaveAttribute("href", "/privacy");
  await expect(legal.getByRole("link", { name: texts.labels.terms })).toHaveAttribute("href", "/terms");
  await expect(legal.getByRole("link", { name: t.getItOnGooglePlay })).toHaveAttribute("href", /play\.google\.com/);
});

test("while sending, the button says so and the form cannot be sent twice", async ({ page }) => {
  const release = await holdRequests(page, "**/api/contact");
  await fill(page, "A slow network");
  await page.getByRole("button", { name: t.send }).click();
  await expect(page.getByRole("button", { name: t.sending })).toBeDisabled();
  const alert = await acceptAlert(page, async () => release());
  expect(alert.message).toBe(t.sent);
  await expect(page.getByRole("button", { name: t.send })).toBeEnabled();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the page, stores the message and says 'Message sent successfully!'", async ({ page }) => {
    const text = `Sent without scripts (${Date.now()}-${Math.random()})`;
    await fill(page, text);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest()),
      page.getByRole("button", { name: t.send }).click(),
    ]);
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).search).toBe("");
    await expect(form(page).getByRole("status")).toHaveText(t.sent);
    await expect(page).toHaveURL(/\/contactus$/);
    await expect(form(page).getByLabel(t.message, { exact: true })).toHaveValue("");
    const db = await openSiteDatabase();
    const row = db.prepare("select name, email, message from contact_message where message = ?").get(text);
    db.close();
    expect(row).toEqual({ name: "Ada Lovelace", email: "ada@example.com", message: text });
  });

  test("a refused message comes back with the reason and everything typed", async ({ page }) => {
    const long = "y".repeat(5001);
    await fill(page, long);
    await form(page).getByLabel(t.name, { exact: true }).fill("   ");
    await page.getByRole("button", { name: t.send }).click();
    await expect(formError(page)).toHaveText("Please enter your name. Your message can be at most 5,000 characters.");
    await expect(form(page).getByLabel(t.message, { exact: true })).toHaveValue(long);
    await expect(form(page).getByLabel(t.email, { exact: true })).toHaveValue("ada@example.com");
    await expect(form(page).getByLabel(t.name, { exact: true })).toHaveValue("   ");
  });

  test("the API's limit of five messages in ten minutes applies to the form too", async ({ page, baseURL }) => {
    await expectRefusedAfterFive(page, baseURL!, "One more, without scripts");
  });
});
