interface Props {
  source: string;
  lang: string;
  /** Highlighted on the server (server/questions/render.ts); plain source when absent. */
  html?: string;
  label?: string;
}

/** A code snippet; longer than 5 lines, it gets line numbers (UX.md). */
export function CodeBlock({ source, lang, html, label }: Props) {
  const lines = source.split("\n").length;
  const numbered = lines > 5;
  return (
    <pre className={`code-block${numbered ? " code-block--numbered" : ""}`} data-lang={lang} aria-label={label} tabIndex={0}>
      {numbered && (
        <span className="code-block__gutter" aria-hidden>
          {Array.from({ length: lines }, (_, i) => i + 1).join("\n")}
        </span>
      )}
      {html !== undefined ? (
        // Sanitised at import (server/questions/render.ts).
        <code className={`hljs language-${lang}`} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <code className={`hljs language-${lang}`}>{source}</code>
      )}
    </pre>
  );
}
