import { useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Links, Meta } from "react-router";

/**
 * The head in the browser (docs/decisions/016). React on the server writes the head in its own
 * order (it hoists titles, metas and links, and adds preloads of its own); Preact hydrates by
 * position, and on that head it would take one element for another and drop the style sheet.
 * So the browser never hydrates the head: it keeps the server's, and this component renders
 * React Router's <Meta> and <Links> into a detached element and mirrors what follows the route
 * into the real head whenever that rendering changes (after a navigation or new data).
 */

/** What changes from route to route; the rest of the head stays as the server wrote it. */
const FOLLOWS_ROUTE = [
  "title",
  'meta[name]:not([name="viewport"], [name="color-scheme"])',
  "meta[property]",
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'script[type="application/ld+json"]',
].join(", ");

const sameness = (element: Element) =>
  [element.localName, ...[...element.attributes].map((a) => `${a.name}=${a.value}`).sort(), element.textContent].join("\n");

/** Makes `head`'s route-dependent elements those of `rendered`, and adds the style sheets it lacks. */
export function syncHead(head: HTMLHeadElement, rendered: ParentNode) {
  const wanted = [...rendered.querySelectorAll(FOLLOWS_ROUTE)];
  const wantedKeys = new Set(wanted.map(sameness));
  const kept = new Set<string>();
  for (const element of head.querySelectorAll(FOLLOWS_ROUTE)) {
    const key = sameness(element);
    if (wantedKeys.has(key) && !kept.has(key)) kept.add(key);
    else element.remove();
  }
  for (const element of wanted) if (!kept.has(sameness(element))) head.append(element.cloneNode(true));
  // Style sheets are only added: one a page no longer needs is harmless, removing one could flash.
  const sheets = new Set([...head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute("href")));
  for (const link of rendered.querySelectorAll('link[rel="stylesheet"]')) {
    if (!sheets.has(link.getAttribute("href"))) head.append(link.cloneNode(true));
  }
}

export function HeadSync() {
  const [rendered] = useState(() => document.createElement("div"));
  useLayoutEffect(() => {
    const sync = () => syncHead(document.head, rendered);
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(rendered, { subtree: true, childList: true, attributes: true, characterData: true });
    return () => observer.disconnect();
  }, [rendered]);
  return createPortal(
    <>
      <Meta />
      <Links />
    </>,
    rendered,
  );
}
