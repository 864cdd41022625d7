// A question list with scripts (app/routes/question-list.tsx, features/questions/question-list.tsx).
// Without scripts each item opens natively and offers the question's own page. Here:
// - the shared kind/level selection (spec §3): an address without a choice shows the stored one;
//   one with a choice stores it;
// - the page's answers arrive from the API as server-rendered HTML (include=html) once the
//   reader reaches for the list, and each is put in its item when the item opens (building up to 100 at once held a slow
//   phone's main thread; docs/decisions/012);
// - practice mode (remembered in local storage), fresh attempt, expand/collapse all;
// - the progress meter and the item's done look follow the marks island's saved changes.
// No framework and no text dictionary: the words come from the HTML's data attributes.
import type { QuestionHtml } from "~/features/questions/question-html";
import { readSelection, selectionOf, selectionSearch, writeSelection } from "~/lib/selection";
import { storageKeys } from "~/lib/site";
import { readStored, writeStored } from "~/lib/storage";
import type { Kind, Level } from "~/lib/technologies";
import { MARK_EVENT, type MarkChange } from "./marks";

type Content = { state: "loading" | "failed" } | { state: "ready"; questions: Map<string, QuestionHtml> };

/** Spec §3: true when the page is about to be replaced by the stored selection's. */
function followSelection(root: HTMLElement): boolean {
  const { kind, level, base, explicit } = root.dataset;
  if (!kind || !level || !base) return false;
  if (explicit === "true") {
    writeSelection(localStorage, selectionOf(kind as Kind, level as Level));
    return false;
  }
  const wanted = selectionSearch(readSelection(localStorage));
  if (wanted === `?kind=${kind}&level=${level}`) return false;
  location.replace(`${base}${wanted}`);
  return true;
}

export default function questionList(root: HTMLElement) {
  if (followSelection(root)) return;
  const list = root.querySelector<HTMLOListElement>("ol.question-list");
  const words = root.dataset;
  let practice = readStored(storageKeys.practiceMode) === "true";
  let content: Content = { state: "loading" };

  const items = () => [...(list?.querySelectorAll<HTMLDetailsElement>("details.question-item") ?? [])];
  const idOf = (item: HTMLDetailsElement) => item.closest("li")?.id ?? "";

  /** The item's answer, or what stands for it while there is none: built when it is open. */
  function fill(item: HTMLDetailsElement) {
    const body = item.querySelector<HTMLElement>(".question-item__body");
    if (!body || !item.open) return;
    const question = content.state === "ready" ? content.questions.get(idOf(item)) : undefined;
    const html = question ? (practice && question.practiceHtml) || question.html : null;
    const key = html ? (practice ? "practice" : "answer") : content.state;
    let slot = body.querySelector<HTMLElement>("[data-answer]");
    if (slot?.dataset.answer === key) return;
    if (!slot) {
      slot = document.createElement("div");
      body.prepend(slot);
    }
    slot.dataset.answer = key;
    if (html) {
      slot.className = "question-item__answer";
      slot.removeAttribute("role");
      slot.innerHTML = html; // Rendered by our server from questions sanitised at import.
    } else if (content.state === "failed") {
      slot.className = "question-item__pending";
      slot.setAttribute("role", "alert");
      const retry = Object.assign(document.createElement("button"), {
        type: "button",
        className: "button button--outline button--small",
        textContent: words.retry ?? "",
      });
      retry.addEventListener("click", load);
      slot.replaceChildren(`${words.failed ?? ""} `, retry);
    } else {
      slot.className = "question-item__pending";
      slot.removeAttribute("role");
      slot.textContent = words.loading ?? "";
    }
  }
  const fillOpen = () => items().forEach(fill);

  function load() {
    content = { state: "loading" };
    fillOpen();
    fetch(words.contentUrl ?? "", { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { questions: QuestionHtml[] };
        content = { state: "ready", questions: new Map(body.questions.map((q) => [q.id, q])) };
      })
      .catch(() => {
        content = { state: "failed" };
      })
      .finally(fillOpen);
  }

  // <details> fires toggle on itself only: listened to on the way down.
  list?.addEventListener(
    "toggle",
    (event) => {
      if (!(event.target instanceof HTMLDetailsElement) || !event.target.matches("details.question-item")) return;
      fill(event.target);
      begin();
    },
    true,
  );

  // Tools: shown now that they work.
  const tools = root.querySelector<HTMLElement>("[data-list-tools]");
  const practiceSwitch = root.querySelector<HTMLInputElement>("[data-practice-switch]");
  const fresh = root.querySelector<HTMLButtonElement>("[data-fresh-attempt]");
  const help = root.querySelector<HTMLElement>("[data-practice-help]");
  const expand = root.querySelector<HTMLButtonElement>("[data-expand-all]");
  if (tools) tools.dataset.ready = "";

  /** Practice mode hides the levels' names (their text is taken out, not just hidden) and builds answers behind "Show answer". */
  function applyPractice() {
    if (practiceSwitch) practiceSwitch.checked = practice;
    if (fresh) fresh.hidden = !practice;
    if (help) help.hidden = !practice;
    for (const element of root.querySelectorAll<HTMLElement>("[data-practice-hide]")) {
      element.dataset.text ??= element.textContent ?? "";
      element.textContent = practice ? "" : element.dataset.text;
      element.hidden = practice;
    }
    fillOpen();
  }
  practiceSwitch?.addEventListener("change", () => {
    practice = practiceSwitch.checked;
    writeStored(storageKeys.practiceMode, practice ? "true" : null);
    applyPractice();
  });

  const setAllOpen = (open: boolean, selector = "details.question-item") => {
    list?.querySelectorAll<HTMLDetailsElement>(selector).forEach((details) => (details.open = open));
    if (expand) {
      expand.setAttribute("aria-pressed", String(open));
      expand.textContent = (open ? expand.dataset.collapseLabel : expand.dataset.expandLabel) ?? "";
    }
  };
  expand?.addEventListener("click", () => setAllOpen(expand.getAttribute("aria-pressed") !== "true"));
  fresh?.addEventListener("click", () => {
    setAllOpen(false, "details");
    list?.scrollIntoView({ block: "start", behavior: "smooth" });
  });

  // A saved mark: the item's done look and the meter follow.
  const meter = root.querySelector<HTMLProgressElement>(".progress-meter__bar");
  const count = root.querySelector<HTMLElement>(".progress-meter__count");
  root.addEventListener(MARK_EVENT, (event) => {
    const { question, mark, previous } = (event as CustomEvent<MarkChange>).detail;
    document.getElementById(question)?.classList.toggle("question-list__entry--done", mark.done);
    if (!meter || !count || mark.done === previous.done) return;
    meter.value += mark.done ? 1 : -1;
    count.textContent = (words.progressTemplate ?? "").replace("{done}", String(meter.value)).replace("{total}", String(meter.max));
  });

  applyPractice();
  // The answers (the largest thing the page handles: ~400 kB of JSON for 100 questions) are
  // fetched when the reader shows they may open one: a pointer over or a touch on the list, or
  // focus in it; opening an item before then starts it too. Fetched at load, parsing them fell
  // inside the page's first seconds on a slow phone, where Lighthouse counts blocking time.
  let started = false;
  function begin() {
    if (started || !list || !words.contentUrl) return;
    started = true;
    load();
  }
  for (const intent of ["pointerover", "pointerdown", "focusin"] as const)
    list?.addEventListener(intent, begin, { once: true, passive: true });
  // An item opened natively before this script arrived.
  if (items().some((item) => item.open)) begin();
}
