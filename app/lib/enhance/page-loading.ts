// Spec §2: a full-screen spinner while the next page loads. App pages have React Router's
// (components/navigation-overlay.tsx); on content pages a link is a page load, and this shows the
// same overlay when the next page has not replaced this one within a moment (a prerendered page
// replaces it at once and shows none). Links whose page shows its own loading state
// (data-own-loading) and anything a script already handled are left alone.

const SHOW_AFTER_MS = 100;

/** A loading status: a spinner and, for screen readers, its words. */
export function loadingStatus(doc: Document, className: string, words: string): HTMLElement {
  const status = doc.createElement("div");
  status.className = className;
  status.setAttribute("role", "status");
  const spinner = doc.createElement("div");
  spinner.className = "spinner";
  spinner.setAttribute("aria-hidden", "true");
  status.append(spinner, Object.assign(doc.createElement("span"), { className: "visually-hidden", textContent: words }));
  return status;
}

export function showPageLoading(doc: Document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overlay = () => doc.querySelector(".nav-overlay[data-page-loading]");
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.target || link.hasAttribute("download") || link.closest("[data-own-loading]") || link.origin !== location.origin) return;
    if (link.pathname === location.pathname && link.search === location.search) return; // same page or a fragment
    // The site island adds this listener last: a link another script took over (the Google
    // popup, the login gate) loads no page.
    if (event.defaultPrevented) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (overlay()) return;
      const shown = loadingStatus(doc, "nav-overlay", doc.querySelector<HTMLElement>("[data-loading-page]")?.dataset.loadingPage ?? "");
      shown.dataset.pageLoading = "";
      shown.dataset.testid = "navigation-overlay";
      shown.setAttribute("aria-live", "polite");
      doc.body.append(shown);
    }, SHOW_AFTER_MS);
  };
  // Back to this page from the browser's cache: the overlay of the earlier click goes.
  const onPageShow = () => {
    clearTimeout(timer);
    overlay()?.remove();
  };
  doc.addEventListener("click", onClick);
  window.addEventListener("pageshow", onPageShow);
  return () => {
    doc.removeEventListener("click", onClick);
    window.removeEventListener("pageshow", onPageShow);
  };
}
