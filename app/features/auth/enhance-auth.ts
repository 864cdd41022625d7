// The auth dialogs' behaviour with scripts (app/features/auth/auth-dialogs.tsx). Without
// scripts the same forms post to /auth/* and the page comes back with the result; with them
// the form is sent with fetch, its busy label shows, errors appear in place and a sign-in
// either reloads the page (content pages) or tells the app to reload its data (app pages).
// No framework and no text dictionary: the words come from the HTML's data attributes.
import { authFieldProblem } from "~/features/auth/validation";
import { setBusy } from "~/lib/enhance/busy";
import { storageKeys } from "~/lib/site";

/** Dispatched on window after a sign-in made in the dialog on an app page. */
export const SESSION_CHANGED_EVENT = "devprep:session-changed";

interface FormAnswer {
  ok?: boolean;
  error?: string;
  notice?: string;
  user?: { id: string; email: string; name: string | null };
}

const sessionKeys = [storageKeys.email, storageKeys.uid, storageKeys.name];

function remember(user: NonNullable<FormAnswer["user"]>) {
  try {
    // Spec §3: written on sign-in, removed on logout.
    localStorage.setItem(storageKeys.email, user.email);
    localStorage.setItem(storageKeys.uid, user.id);
    localStorage.setItem(storageKeys.name, user.name ?? "");
  } catch {
    // Storage unavailable: the session cookie still signs the reader in.
  }
}

export function forgetSession() {
  try {
    for (const key of sessionKeys) localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

function show(element: Element | null | undefined, text: string | null) {
  if (!(element instanceof HTMLElement)) return;
  element.textContent = text ?? "";
  element.hidden = !text;
}

function resetDialog(dialog: HTMLDialogElement) {
  for (const form of dialog.querySelectorAll("form")) {
    form.reset();
    form.hidden = false;
    const fieldset = form.querySelector("fieldset");
    if (fieldset) fieldset.disabled = false;
  }
  // Busy labels go too (the Google link's, while its popup is still open, included).
  for (const control of dialog.querySelectorAll<HTMLElement>("[data-busy-label]")) setBusy(control, false);
  show(dialog.querySelector("[data-auth-error]"), null);
  show(dialog.querySelector("[data-auth-notice]"), null);
}

/** Spec §4: the fields are checked before anything is sent; the form carries the spec's words. */
function checkFields(form: HTMLFormElement): string | null {
  const view = form.dataset.authForm;
  if (view !== "login" && view !== "signup") return null;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
  const problem = authFieldProblem({ name: value("name"), email: value("email"), password: value("password") }, view);
  const words = {
    missingName: form.dataset.missingName,
    invalidEmail: form.dataset.invalidEmail,
    shortPassword: form.dataset.shortPassword,
  };
  return problem && (words[problem] ?? null);
}

async function send(form: HTMLFormElement): Promise<FormAnswer> {
  const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } });
  return (await response.json()) as FormAnswer;
}

/** Wires the auth dialogs under `root`; returns the function that unwires them. */
export function enhanceAuth(doc: Document, { app }: { app: boolean }): () => void {
  const failed = (dialog: HTMLElement | null | undefined) => dialog?.dataset.authFailed ?? "";

  const onSubmit = async (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.matches("[data-logout-form]")) {
      forgetSession();
      return; // the post goes on: logout leaves for the home page
    }
    if (!form.matches("[data-auth-form]")) return;
    event.preventDefault();
    const dialog = form.closest("dialog");
    const fieldset = form.querySelector("fieldset");
    const button = form.querySelector<HTMLElement>("[data-busy-label]");
    const problem = checkFields(form);
    show(dialog?.querySelector("[data-auth-error]"), problem);
    if (problem) return;
    const request = send(form);
    if (fieldset) fieldset.disabled = true;
    setBusy(button, true);
    const answer = await request.catch((): FormAnswer => ({ error: failed(dialog) }));
    if (fieldset) fieldset.disabled = false;
    setBusy(button, false);
    if (answer.error) {
      show(dialog?.querySelector("[data-auth-error]"), answer.error);
      form.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
    } else if (answer.notice) {
      show(dialog?.querySelector("[data-auth-notice]"), answer.notice);
      form.hidden = true;
    } else if (answer.user) {
      remember(answer.user);
      if (!app) return window.location.reload();
      dialog?.close();
      window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
    }
  };

  const onClose = (event: Event) => {
    const dialog = event.target;
    if (!(dialog instanceof HTMLDialogElement) || !dialog.matches("[data-auth-dialog]")) return;
    if (dialog.dataset.reopening !== undefined) delete dialog.dataset.reopening;
    else resetDialog(dialog);
  };

  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-google-sign-in]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // The popup keeps the page (and whatever was typed on it); it is loaded only when asked for.
    event.preventDefault();
    const dialog = link.closest("dialog");
    setBusy(link, true);
    void import("~/features/auth/google-popup")
      .then(({ signInWithGooglePopup }) => signInWithGooglePopup())
      .then(async () => {
        const response = await fetch("/api/auth/get-session");
        const data = (await response.json().catch(() => null)) as { user?: FormAnswer["user"] } | null;
        if (!data?.user) throw new Error(failed(dialog));
        remember(data.user);
        if (!app) return window.location.reload();
        dialog?.close();
        window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
      })
      .catch((error: unknown) => show(dialog?.querySelector("[data-auth-error]"), error instanceof Error ? error.message : failed(dialog)))
      .finally(() => setBusy(link, false));
  };

  // A dialog the server opened to show a refused form is made modal (focus trapped, page inert).
  for (const dialog of doc.querySelectorAll<HTMLDialogElement>("dialog[data-auth-dialog][open]")) {
    dialog.dataset.reopening = "";
    dialog.close();
    dialog.showModal();
  }

  doc.addEventListener("submit", onSubmit);
  doc.addEventListener("close", onClose, true);
  doc.addEventListener("click", onClick);
  return () => {
    doc.removeEventListener("submit", onSubmit);
    doc.removeEventListener("close", onClose, true);
    doc.removeEventListener("click", onClick);
  };
}
