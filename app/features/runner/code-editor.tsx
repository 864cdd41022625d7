import { autocompletion, closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView, highlightActiveLine, keymap, lineNumbers, placeholder as placeholderText } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";
import type { EditorProps } from "./editor-props";

// The same colour tokens as the server-highlighted snippets, so both schemes read well.
const highlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.modifier], color: "var(--code-keyword)" },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: "var(--code-string)" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "var(--code-number)" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "var(--code-comment)", fontStyle: "italic" },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.className, tags.typeName, tags.tagName],
    color: "var(--code-title)",
  },
  { tag: [tags.propertyName, tags.attributeName, tags.definition(tags.variableName)], color: "var(--code-attr)" },
]);

// Each language's support is its own chunk, fetched when that language is chosen.
const languages: Record<EditorProps["language"], () => Promise<Extension>> = {
  javascript: () => import("@codemirror/lang-javascript").then((m) => m.javascript()),
  typescript: () => import("@codemirror/lang-javascript").then((m) => m.javascript({ typescript: true })),
  jsx: () => import("@codemirror/lang-javascript").then((m) => m.javascript({ jsx: true })),
  html: () => import("@codemirror/lang-html").then((m) => m.html()),
  css: () => import("@codemirror/lang-css").then((m) => m.css()),
  python: () => import("@codemirror/lang-python").then((m) => m.python()),
  sql: () => import("@codemirror/lang-sql").then((m) => m.sql()),
};

/**
 * CodeMirror 6 (issue #7), loaded as its own chunk on pages that edit code. Tab indents;
 * Escape then Tab leaves the editor (CodeMirror's own rule), so keyboard users are never
 * trapped. Ctrl/Cmd+Enter runs.
 */
export default function CodeEditor({ value, onChange, language, readOnly = false, onRun, label, placeholder }: EditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const mode = useRef(new Compartment());
  const callbacks = useRef({ onChange, onRun });
  callbacks.current = { onChange, onRun };

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        history(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        autocompletion(),
        highlightActiveLine(),
        syntaxHighlighting(highlightStyle),
        keymap.of([
          { key: "Mod-Enter", run: () => (callbacks.current.onRun?.(), true) },
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...historyKeymap,
          indentWithTab,
        ]),
        mode.current.of([]),
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        // An explicit tabindex lets checkers see the scroller has keyboard-focusable content (it is contenteditable).
        EditorView.contentAttributes.of({ "aria-label": label, "data-allow-copy": "true", tabindex: "0" }),
        placeholder ? placeholderText(placeholder) : [],
        EditorView.updateListener.of((update) => {
          if (update.docChanged) callbacks.current.onChange?.(update.state.doc.toString());
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    return () => view.current?.destroy();
    // The editor is created once; value and language changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly]);

  useEffect(() => {
    let current = true;
    void languages[language]().then((support) => {
      if (current) view.current?.dispatch({ effects: mode.current.reconfigure(support) });
    });
    return () => {
      current = false;
    };
  }, [language, readOnly]);

  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div className="code-editor" ref={host} data-allow-copy />;
}
