// "Run it" on a console question (app/features/questions/run-it.tsx): the runner (React, the
// sandbox) is imported on the first click, then each click runs the snippet again.
export default function runIt(root: HTMLElement) {
  const { source = "", lang = "js", output = "" } = root.dataset;
  const button = root.querySelector<HTMLButtonElement>(".run-it__bar button");
  const result = root.querySelector<HTMLElement>(".run-it__result");
  if (!button || !result) return;
  let run: Promise<() => void> | null = null;
  button.addEventListener("click", () => {
    run ??= import("./on-demand/runners").then((m) => m.mountRunIt(result, { source, lang: lang === "ts" ? "ts" : "js", output }));
    void run.then((again) => again());
  });
  root.dataset.ready = "";
}
