/** Plain text from the bank's sanitised HTML, for the graders and the interviewer's prompts. */

/** Decodes the entities our sanitiser writes (and &nbsp;). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** Sanitised HTML as plain text: block ends become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string | null): string {
  if (!html) return "";
  return decodeEntities(html.replace(/<\/(p|li|h\d|pre|div)>|<br\s*\/?>/g, "\n").replace(/<[^>]+>/g, ""))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** At most `length` characters, the last an ellipsis when something was cut. */
export function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
