// Spec §2: copying is blocked across the app. Users' own text stays copyable: form
// fields, editable areas and code editors (marked data-allow-copy).
const allowed = "input, textarea, select, [contenteditable=''], [contenteditable='true'], [data-allow-copy]";

function isAllowed(event: Event): boolean {
  const target = event.target;
  if (target instanceof Element && target.closest(allowed)) return true;
  const anchor = document.getSelection()?.anchorNode;
  const element = anchor instanceof Element ? anchor : anchor?.parentElement;
  return Boolean(element?.closest(allowed));
}

/** Starts blocking copy and cut outside allowed areas; returns the function that stops it. */
export function blockCopying(doc: Document): () => void {
  const guard = (event: ClipboardEvent) => {
    if (!isAllowed(event)) event.preventDefault();
  };
  doc.addEventListener("copy", guard);
  doc.addEventListener("cut", guard);
  return () => {
    doc.removeEventListener("copy", guard);
    doc.removeEventListener("cut", guard);
  };
}
