/**
 * Where an uploaded image goes in a post's Markdown: a paragraph of its own, never inside the
 * one the cursor is in (issue #33: a single line break before it, or a cursor mid-sentence, put
 * the image in the last paragraph). A cursor between paragraphs puts it there; a cursor inside
 * a paragraph puts it after that paragraph.
 */
export function withImage(markdown: string, at: number, alt: string, url: string): string {
  const cursor = Math.max(0, Math.min(at, markdown.length));
  const betweenParagraphs = /(^|\n[ \t]*\n)\s*$/.test(markdown.slice(0, cursor));
  const paragraphEnd = markdown.slice(cursor).search(/\n[ \t]*\n/);
  const split = betweenParagraphs ? cursor : paragraphEnd === -1 ? markdown.length : cursor + paragraphEnd;
  const before = markdown.slice(0, split).trimEnd();
  const after = markdown.slice(split).trimStart();
  const image = `![${alt}](${url})`;
  return `${[before, image, after].filter(Boolean).join("\n\n")}\n`;
}
