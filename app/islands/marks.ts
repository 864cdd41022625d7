// "Done" and "Bookmark" with scripts (app/features/questions/progress-toggles.tsx). Without
// scripts each is a form posted to the page's route action; here the same change goes through
// the API (PUT /api/progress/questions/:id), the button flips at once and is put back if saving
// fails, with the server's reason. A saved change is announced with MARK_EVENT so the list can
// follow it (its progress meter, the item's done look).
import type { Mark } from "~/features/questions/progress-toggles";

export const MARK_EVENT = "devprep:mark";
export interface MarkChange {
  question: string;
  mark: Mark;
  previous: Mark;
}

async function save(question: string, change: Partial<Mark>): Promise<Mark | string | null> {
  const response = await fetch(`/api/progress/questions/${encodeURIComponent(question)}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(change),
  }).catch(() => null);
  if (response?.ok) return (await response.json()) as Mark;
  const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message?.replace(/^\w+: /, "") ?? null;
}

export default function marks(root: HTMLElement) {
  const question = root.dataset.question ?? "";
  const error = root.querySelector<HTMLElement>(".progress-toggles__error");
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[name=intent]")];
  const current = (): Mark => {
    const pressed = (key: keyof Mark) => buttons.find((b) => b.value === key)?.getAttribute("aria-pressed") === "true";
    return { done: pressed("done"), bookmarked: pressed("bookmarked") };
  };
  const show = (mark: Mark) => {
    for (const button of buttons) {
      const on = mark[button.value as keyof Mark];
      button.setAttribute("aria-pressed", String(on));
      const value = button.form?.elements.namedItem("value");
      if (value instanceof HTMLInputElement) value.value = String(!on);
    }
  };

  root.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    const key = button?.value as keyof Mark | undefined;
    if (!key || !buttons.includes(button!)) return;
    void (async () => {
      const previous = current();
      const wanted = { ...previous, [key]: !previous[key] };
      show(wanted);
      if (error) error.hidden = true;
      buttons.forEach((b) => (b.disabled = true));
      const saved = await save(question, { [key]: wanted[key] });
      buttons.forEach((b) => (b.disabled = false));
      if (saved === null || typeof saved === "string") {
        show(previous);
        if (error) {
          error.textContent = saved ?? root.dataset.failed ?? "";
          error.hidden = false;
        }
        return;
      }
      show(saved);
      root.dispatchEvent(new CustomEvent<MarkChange>(MARK_EVENT, { bubbles: true, detail: { question, mark: saved, previous } }));
    })();
  });
}
