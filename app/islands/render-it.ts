// "Render it" on a CSS question (app/features/questions/render-it.tsx): the editor and the
// sandbox are imported on the click and take the bar's place.
export default function renderIt(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>(".run-it__bar button");
  button?.addEventListener(
    "click",
    () => {
      button.disabled = true;
      void import("./on-demand/runners").then((m) =>
        m.mountRenderIt(root, { initial: root.dataset.source ?? "", label: root.dataset.label ?? "" }),
      );
    },
    { once: true },
  );
  root.dataset.ready = "";
}
