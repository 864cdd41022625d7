// Placed at the top of an HTML preview (issue #7): its console goes to the page's console
// panel through the sandbox frame. inspect.js is placed before this file in the same source.
/* global formatArgs */
for (const level of ["log", "info", "warn", "error", "debug"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    parent.postMessage({ type: "console", level, text: formatArgs(args) }, "*");
    original(...args);
  };
}
window.addEventListener("error", (event) => {
  parent.postMessage({ type: "console", level: "error", text: `${event.message}${event.lineno ? ` (line ${event.lineno})` : ""}` }, "*");
});
