import { useEffect, useState } from "react";
import { questionTexts as t } from "~/lib/texts";
import { OutputPanel } from "../runner/output-panel";
import { programRequest } from "../runner/prepare";
import { useSandbox } from "../runner/use-sandbox";

interface Props {
  source: string;
  lang: "js" | "ts";
  output: string;
  run: number;
}

/** Runs a console snippet in the sandbox and compares what it printed with the stated output. */
export default function RunItRunner({ source, lang, output, run }: Props) {
  const sandbox = useSandbox();
  const { run: start } = sandbox;
  const [done, setDone] = useState(false);
  useEffect(() => {
    setDone(false);
    void start(() => programRequest(source, lang === "ts" ? "typescript" : "javascript")).then(() => setDone(true));
  }, [run, source, lang, start]);
  const printed = sandbox.lines.map((line) => (line.type === "console" ? line.text : line.type === "error" ? line.message : "")).join("\n");
  const same = printed.trimEnd() === output.trimEnd();
  return (
    <>
      <div ref={sandbox.container} hidden />
      <OutputPanel lines={sandbox.lines} outcome={sandbox.outcome} running={sandbox.running} />
      {done && <p className={`run-it__verdict run-it__verdict--${same ? "same" : "differs"}`}>{same ? t.sameOutput : t.differentOutput}</p>}
    </>
  );
}
