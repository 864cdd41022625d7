// The contact form (app/features/contact/contact-form.tsx) with scripts: sent to POST
// /api/contact (the rules, limit and store the page's action uses too) without leaving the
// page, with its busy label; then the spec's alert 'Message sent successfully!' and empty
// fields, or the reason in the form's banner with the text kept. Words come from data-*.
import { apiErrorMessage } from "~/lib/api-error";
import { setBusy } from "~/lib/enhance/busy";

export default function contact(form: HTMLElement) {
  if (!(form instanceof HTMLFormElement)) return;
  const sent = form.querySelector<HTMLElement>("[data-contact-sent]");
  const error = form.querySelector<HTMLElement>("[data-contact-error]");
  const fieldset = form.querySelector("fieldset");
  const button = form.querySelector<HTMLElement>("[data-busy-label]");
  const say = (element: HTMLElement | null, text: string | null) => {
    if (!element) return;
    element.textContent = text ?? "";
    element.hidden = !text;
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(["name", "email", "message"].map((name) => [name, String(new FormData(form).get(name) ?? "")]));
    say(sent, null);
    say(error, null);
    const request = fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(fields),
    });
    if (fieldset) fieldset.disabled = true;
    setBusy(button, true);
    void request
      .then(async (response) => (response.ok ? null : await apiErrorMessage(response, form.dataset.failed ?? "")))
      .catch(() => form.dataset.offline ?? "")
      .then((problem) => {
        if (fieldset) fieldset.disabled = false;
        setBusy(button, false);
        if (problem !== null) return say(error, problem);
        window.alert(form.dataset.sent);
        for (const control of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) control.value = "";
      });
  });
}
