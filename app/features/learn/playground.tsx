import { Play, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { overviewTexts as t } from "~/lib/texts/overview";
import { LazyEditor } from "../runner/lazy-editor";
import { useSandbox } from "../runner/use-sandbox";

/**
 * An editable HTML example rendered live in the sandbox: runs at once, and again on Run or
 * Ctrl+Enter. Used by the HTML overview's examples and by CSS questions.
 */
export default function Playground({ initial, label }: { initial: string; /** The editor's accessible name. */ label: string }) {
  const [code, setCode] = useState(initial);
  const sandbox = useSandbox();
  const { run } = sandbox;
  const render = (source: string) => void run({ language: "html", code: source });

  useEffect(() => {
    void run({ language: "html", code: initial });
  }, [run, initial]);

  return (
    <div className="playground">
      <div className="playground__bar">
        <button type="button" className="button button--primary button--small" onClick={() => render(code)}>
          <Play aria-hidden size={16} /> {t.run}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => {
            setCode(initial);
            render(initial);
          }}
        >
          <RotateCcw aria-hidden size={16} /> {t.reset}
        </button>
      </div>
      <div className="playground__panes">
        <LazyEditor value={code} onChange={setCode} language="html" onRun={() => render(code)} label={label} />
        <div className="playground__preview" ref={sandbox.container} />
      </div>
    </div>
  );
}
