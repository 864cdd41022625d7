import { fill, questionTexts as t } from "~/lib/texts";

type Props = {
  lang: string;
  label?: string;
} & (
  | { source: string; html?: string }
  /** Highlighted on the server (server/questions/render.ts): it keeps the source's line breaks, so it counts the lines too. */
  | { source?: undefined; html: string }
);

/** "JavaScript code": what a screen reader calls the block when focus reaches it. */
export function codeLabel(lang: string): string {
  return fill(t.codeLabel, { language: t.codeLanguages[lang.toLowerCase()] ?? t.codeUnknownLanguage });
}

/**
 * THE code block (issue #33): question pages and lists, quizzes, interviews, and fenced code in
 * Markdown (server/questions/render.ts renders this same component) all show code through it.
 * Line breaks are kept and long lines scroll sideways inside the block, never widening the
 * page; so that keyboard users can scroll it too, it is focusable and named (axe's
 * scrollable-region-focusable). Longer than 5 lines, it gets line numbers (UX.md).
 */
export function CodeBlock({ source, lang, html, label }: Props) {
  const lines = (source ?? html ?? "").replace(/\n$/, "").split("\n").length;
  const numbered = lines > 5;
  return (
    <pre
      className={`code-block${numbered ? " code-block--numbered" : ""}`}
      data-lang={lang}
      role="group"
      aria-label={label ?? codeLabel(lang)}
      tabIndex={0}
    >
      {numbered && (
        <span className="code-block__gutter" aria-hidden>
          {Array.from({ length: lines }, (_, i) => i + 1).join("\n")}
        </span>
      )}
      {html !== undefined ? (
        // Sanitised on the server (server/questions/render.ts).
        <code className={`hljs language-${lang}`} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <code className={`hljs language-${lang}`}>{source}</code>
      )}
    </pre>
  );
}
