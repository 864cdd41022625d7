// "Try it" on a server-rendered example (app/features/learn/try-it.tsx): on the click, and only
// then, React, the editor and the sandbox are loaded and the example becomes the playground
// (app/features/learn/mount-playground.tsx), with the code it showed. Without scripts the
// example stays as highlighted code and the button stays hidden (global.css).

export default function tryIt(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>("[data-try-it]");
  const code = root.querySelector("code");
  if (!button || !code) return;
  button.addEventListener("click", () => {
    button.disabled = true;
    void import("~/features/learn/mount-playground")
      .then(({ mountPlayground }) => {
        const host = document.createElement("div");
        root.replaceWith(host);
        mountPlayground(host, { initial: code.textContent ?? "", label: root.dataset.label ?? "" });
      })
      .catch(() => (button.disabled = false));
  });
  root.dataset.ready = "true";
}
