import { authTexts, fill, resetTexts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, test, waitForHydration, waitForMail } from "./fixtures";

test("a forgotten password is reset through the mailed link, which then works no more", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/");
  const email = `reset-${Date.now()}-${test.info().project.name}@example.com`;
  const origin = { Origin: baseURL! };
  expect(
    (
      await page.request.post("/api/auth/sign-up/email", { data: { name: "Ada", email, password: "first-password" }, headers: origin })
    ).status(),
  ).toBe(200);
  await page.request.post("/api/auth/sign-out", { data: {}, headers: origin });
  await page.reload();
  await waitForHydration(page);

  // The login dialog's "Forgot password?" asks for the mail.
  if (test.info().project.name === "mobile") {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Login" }).click();
  } else {
    await page.locator(".header-account").getByRole("button", { name: "Login" }).click();
  }
  await page.getByRole("button", { name: authTexts.forgotLink }).click();
  const dialog = page.getByRole("dialog", { name: authTexts.forgotTitle });
  await dialog.getByLabel(authTexts.email).fill(email);
  await dialog.getByRole("button", { name: authTexts.forgotButton }).click();
  await expect(dialog.getByRole("status")).toHaveText(fill(authTexts.forgotSent, { email }));
  await expectAccessible(page);

  const mail = await waitForMail(email);
  expect(mail.subject).toBe("Reset your DevPrep password");
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text)![0];

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await waitForHydration(page);
  await page.getByLabel(resetTexts.newPassword, { exact: true }).fill("second-password");
  await page.getByRole("button", { name: resetTexts.save }).click();
  await expect(page.getByRole("status")).toHaveText(resetTexts.done);

  // The new password signs in; the link does not work twice.
  expect(
    (await page.request.post("/api/auth/sign-in/email", { data: { email, password: "second-password" }, headers: origin })).status(),
  ).toBe(200);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toHaveText(resetTexts.invalid);
  await expectAccessible(page);
});
