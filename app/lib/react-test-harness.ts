/**
 * The helpers of React challenges (docs/content-format.md, "program"), as JavaScript
 * source placed after the general test harness (app/lib/test-harness.ts). It expects the
 * globals `React` and `ReactTestRenderer`: the browser's sandbox worker loads them from
 * /vendor/react/react-runtime.js, the content verifier from node_modules. Components render
 * with react-test-renderer, the one React renderer that needs no DOM, so tests run in a
 * worker; the helpers below are the only API the tests use, so the renderer can change.
 */
export const REACT_HARNESS_SOURCE = String.raw`
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
const { act } = React;
{
  // The renderer is deprecated upstream and says so on every use; candidates need not see it.
  const error = console.error;
  console.error = (...args) => {
    if (typeof args[0] === "string" && args[0].startsWith("react-test-renderer is deprecated")) return;
    error(...args);
  };
}
function __textOf(node) {
  if (node === null || node === undefined) return "";
  if (typeof node === "string") return node;
  if (Array.isArray(node)) return node.map(__textOf).join("");
  return __textOf(node.children);
}
function __mounted(renderer) {
  return {
    get root() {
      return renderer.root;
    },
    toJSON: () => renderer.toJSON(),
    text: () => __textOf(renderer.toJSON()),
    getByText(text) {
      const found = renderer.root.findAll(
        (node) => typeof node.type === "string" && node.children.every((c) => typeof c === "string") && node.children.join("") === text,
      );
      if (found.length !== 1) throw new AssertionError("Expected one element with the text " + JSON.stringify(text) + " but found " + found.length);
      return found[0];
    },
    getAllByType: (type) => renderer.root.findAllByType(type),
    rerender(element) {
      act(() => renderer.update(element));
    },
    unmount() {
      act(() => renderer.unmount());
    },
  };
}
function render(element) {
  let renderer;
  act(() => {
    renderer = ReactTestRenderer.create(element);
  });
  return __mounted(renderer);
}
function renderHook(hook, options) {
  const result = { current: undefined };
  function HookProbe(props) {
    result.current = hook(props);
    return null;
  }
  const view = render(React.createElement(HookProbe, options && options.initialProps));
  return {
    result,
    rerender: (props) => view.rerender(React.createElement(HookProbe, props)),
    unmount: () => view.unmount(),
  };
}
`;
