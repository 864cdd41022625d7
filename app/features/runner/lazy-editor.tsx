import { Suspense, lazy, useEffect, useId, useState } from "react";
import type { EditorProps } from "./editor-props";

const CodeEditor = lazy(() => import("./code-editor"));

/**
 * The editor, loaded only where code is edited. Before it arrives (and in the server's
 * HTML) a plain textarea holds the code, so the page is usable at once.
 */
export function LazyEditor(props: EditorProps) {
  const [client, setClient] = useState(false);
  useEffect(() => setClient(true), []);
  const id = useId();
  const fallback = (
    <textarea
      id={id}
      className="code-editor code-editor--plain"
      aria-label={props.label}
      value={props.value}
      readOnly={props.readOnly}
      onChange={(event) => props.onChange?.(event.target.value)}
      spellCheck={false}
      rows={Math.max(8, props.value.split("\n").length + 1)}
    />
  );
  if (!client) return fallback;
  return <Suspense fallback={fallback}>{<CodeEditor {...props} />}</Suspense>;
}
