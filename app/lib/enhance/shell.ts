// The site frame's behaviour with scripts, for both kinds of page: the site island runs it on
// content pages, SiteShell on app pages (docs/decisions/018). Everything it enhances already
// works as HTML: menus are popovers, the drawer and the auth dialogs open with invoker commands,
// logout and cookie consent are forms. No framework, no text dictionary (words come from the
// HTML's data attributes), so it stays a few kilobytes.
import { blockCopying } from "~/lib/copy-guard";
import { isTyping } from "~/lib/keyboard";
import { CONSENT_MAX_AGE_SECONDS, storageKeys } from "~/lib/site";

/** `aria-expanded` on the buttons that open a popover or a dialog follows what they open. */
function followExpanded(doc: Document): () => void {
  const buttons = [...doc.querySelectorAll<HTMLButtonElement>("button[aria-expanded][popovertarget], button[aria-expanded][commandfor]")];
  const targets = new Map<Element, HTMLButtonElement[]>();
  for (const button of buttons) {
    const target = doc.getElementById(button.getAttribute("popovertarget") ?? button.getAttribute("commandfor") ?? "");
    if (target) targets.set(target, [...(targets.get(target) ?? []), button]);
  }
  const sync = (target: Element) => {
    const open = target instanceof HTMLDialogElement ? target.open : target.matches(":popover-open");
    for (const button of targets.get(target) ?? []) button.setAttribute("aria-expanded", String(open));
  };
  const onToggle = (event: Event) => {
    if (event.target instanceof Element && targets.has(event.target)) sync(event.target);
  };
  const observer = new MutationObserver((records) => records.forEach((record) => sync(record.target as Element)));
  for (const target of targets.keys()) {
    if (target instanceof HTMLDialogElement) observer.observe(target, { attributes: true, attributeFilter: ["open"] });
    sync(target);
  }
  doc.addEventListener("toggle", onToggle, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener("toggle", onToggle, true);
  };
}

const closedByAnySupported = typeof HTMLDialogElement !== "undefined" && "closedBy" in HTMLDialogElement.prototype;

function onClick(event: MouseEvent) {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  // A click on a light-dismiss dialog's backdrop closes it, where the browser does not yet.
  if (!closedByAnySupported && target instanceof HTMLDialogElement && target.getAttribute("closedby") === "any") target.close();

  // data-swap: a button that opens another dialog closes its own first (auth views, drawer to login).
  const swap = target.closest<HTMLButtonElement>("button[data-swap][commandfor]");
  if (swap) {
    const next = swap.ownerDocument.getElementById(swap.getAttribute("commandfor") ?? "");
    if (next instanceof HTMLDialogElement) {
      event.preventDefault();
      swap.closest("dialog")?.close();
      if (!next.open) next.showModal();
    }
    return;
  }

  // A link in a menu or the drawer closes it (app pages move between pages without a reload).
  const link = target.closest("a[href]");
  if (link) {
    const popover = link.closest<HTMLElement>("[popover]");
    if (popover?.matches(":popover-open")) popover.hidePopover();
    link.closest<HTMLDialogElement>("dialog.nav-drawer")?.close();
  }

  // The header's search icon on a page with its own search field (/search) goes to that field.
  const pageSearch = target.closest("[data-header-search]") && pageSearchField(target.ownerDocument);
  if (pageSearch) {
    event.preventDefault();
    focusField(pageSearch);
  }

  const theme = target.closest<HTMLElement>("[data-theme-toggle]");
  if (theme) toggleTheme(theme);

  if (target.closest("[data-app-banner-seen]")) {
    try {
      localStorage.setItem(storageKeys.appBannerSeen, new Date().toISOString());
    } catch {
      // Storage can be unavailable (private mode, quota): hiding for this page is enough.
    }
    document.documentElement.dataset.appBanner = "seen";
  }
}

function currentTheme(): "dark" | "light" {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "dark" || chosen === "light") return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function labelThemeToggles(doc: Document) {
  const dark = currentTheme() === "dark";
  for (const button of doc.querySelectorAll<HTMLElement>("[data-theme-toggle]")) {
    const label = (dark ? button.dataset.labelLight : button.dataset.labelDark) ?? "";
    button.setAttribute("aria-label", label);
    button.title = label;
  }
}

function toggleTheme(button: HTMLElement) {
  const next = currentTheme() === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try {
    localStorage.setItem(storageKeys.theme, next);
  } catch {
    // Not remembered, but applied for this page.
  }
  labelThemeToggles(button.ownerDocument);
}

/** Spec §9: 'I understand' sets the consent cookie for 150 days; with scripts, in place. */
function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.consentCookie) return;
  event.preventDefault();
  const secure = form.dataset.consentSecure !== undefined ? "; Secure" : "";
  document.cookie = `${form.dataset.consentCookie}=true; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  // The stylesheet hides the banner from then on (the boot script sets the same on later pages).
  document.documentElement.dataset.consent = "given";
}

/** Tabbing out of an open menu closes it (the WAI-ARIA disclosure navigation pattern). */
function onFocusOut(event: FocusEvent) {
  const menu = (event.target as Element | null)?.closest?.<HTMLElement>(".nav-dropdown");
  const next = event.relatedTarget as Node | null;
  if (!menu || !next || menu.contains(next)) return;
  const popover = menu.querySelector<HTMLElement>("[popover]");
  if (popover?.matches(":popover-open")) popover.hidePopover();
}

const pageSearchField = (doc: Document) => doc.querySelector<HTMLInputElement>("input[data-page-search]");

function focusField(field: HTMLInputElement) {
  field.focus();
  field.select();
}

/**
 * `/` anywhere but in a field goes to search (issue #33): the page's own search field, or the
 * header's search opened (its field takes focus). Not while a dialog is open.
 */
function onSlashKey(event: KeyboardEvent) {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing) return;
  if (isTyping(event.target)) return;
  const doc = (event.target instanceof Node && event.target.ownerDocument) || document;
  if (doc.querySelector("dialog[open]")) return;
  const field = pageSearchField(doc);
  const popover = doc.getElementById("site-search");
  if (field) {
    event.preventDefault();
    focusField(field);
  } else if (popover) {
    event.preventDefault();
    if (!popover.matches(":popover-open")) popover.showPopover();
    const input = popover.querySelector<HTMLInputElement>("input[type='search']");
    if (input) focusField(input);
  }
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Tab from a modal dialog's last control comes back to its first (Shift+Tab the other way).
 * showModal makes the page behind inert, but Chromium lets sequential focus leave the document
 * after the dialog's last control (to the browser's toolbar; the body without one), so
 * a keyboard user lands on nothing, behind the dialog. Without scripts that native path remains.
 */
function onTabInDialog(event: KeyboardEvent) {
  if (event.key !== "Tab" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const dialog = [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")].findLast((d) => d.matches(":modal"));
  if (!dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest("[inert], fieldset[disabled]") &&
      element.checkVisibility() &&
      // A radio group is one stop: its checked radio, or its first when none is.
      !(
        element instanceof HTMLInputElement &&
        element.type === "radio" &&
        !element.checked &&
        dialog.querySelector(`input[type=radio][name="${CSS.escape(element.name)}"]:checked`)
      ),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !active || !dialog.contains(active);
  if (event.shiftKey && (active === first || active === dialog || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/** Wires the frame's behaviour; returns the function that unwires it. */
export function enhanceShell(doc: Document): () => void {
  const stops = [followExpanded(doc), blockCopying(doc)];
  labelThemeToggles(doc);
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const relabel = () => labelThemeToggles(doc);
  media.addEventListener("change", relabel);
  doc.addEventListener("click", onClick);
  doc.addEventListener("submit", onSubmit);
  doc.addEventListener("focusout", onFocusOut);
  doc.addEventListener("keydown", onSlashKey);
  doc.addEventListener("keydown", onTabInDialog);
  return () => {
    doc.removeEventListener("keydown", onSlashKey);
    doc.removeEventListener("keydown", onTabInDialog);
    doc.removeEventListener("focusout", onFocusOut);
    for (const stop of stops) stop();
    media.removeEventListener("change", relabel);
    doc.removeEventListener("click", onClick);
    doc.removeEventListener("submit", onSubmit);
  };
}
