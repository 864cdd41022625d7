// Keyboard shortcuts (the search's `/`, the quizzes' 1–9 and Enter) share one idea of where a
// key belongs to what has the focus instead: three drifted copies of it were made one (issue #35).

const FIELDS = "input, textarea, select, [contenteditable]:not([contenteditable='false']), [role='textbox'], .cm-editor";

/**
 * Where a key pressed means typing it, not a shortcut: a field, a select, an editor.
 * `except` names the inputs that are the shortcut's own options (the practice quiz's radio
 * buttons, which its number keys choose among) and so do not count.
 */
export function isTyping(target: EventTarget | null, { except }: { except?: string } = {}): boolean {
  if (!(target instanceof Element)) return false;
  if (except && target.matches(except)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest(FIELDS) !== null;
}

/** Keys pressed in an open dialog (the menu, sign-in) are the dialog's, not the page's behind it. */
export function inOpenDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("dialog[open]") !== null;
}
