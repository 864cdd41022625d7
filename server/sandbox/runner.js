// The sandbox frame (issue #7), served at /sandbox/runner into an <iframe sandbox="allow-scripts">:
// an opaque origin with no cookies, no storage of ours, no network (connect-src 'none') and
// no way to navigate the page. It takes "run" messages from its parent and answers with
// console, error and done messages. JavaScript runs in a worker (so an endless loop can
// be terminated); HTML runs in a nested frame that is also the preview.

const WORKER_SOURCE = document.getElementById("worker-source").textContent;
const PREVIEW_CONSOLE = document.getElementById("preview-console").textContent;
const workerUrl = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
let current = null;

function send(message) {
  // Our pages are the only ones allowed to frame this document (frame-ancestors 'self').
  parent.postMessage(message, "*");
}

function stop() {
  if (!current) return;
  clearTimeout(current.timer);
  if (current.worker) current.worker.terminate();
  current = null;
}

function runScript(message) {
  const worker = new Worker(workerUrl);
  const run = { id: message.id, worker, timer: 0 };
  current = run;
  // The time limit, started again (not extended) when the program's phase changes.
  const limit = (ms) => {
    clearTimeout(run.timer);
    run.timer = setTimeout(() => {
      if (current !== run) return;
      stop();
      send({ type: "done", id: run.id, status: "timeout" });
    }, ms);
  };
  limit(message.timeoutMs);
  worker.onmessage = (event) => {
    if (current !== run) return;
    // Loading a runtime (Pyodide, sql.js) does not count against the program's time.
    if (event.data.type === "phase") {
      limit(event.data.phase === "loading" ? 60_000 : message.timeoutMs);
      send({ type: "phase", id: run.id, phase: event.data.phase });
      return;
    }
    send({ ...event.data, id: run.id });
    if (event.data.type === "done") stop();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    if (current !== run) return;
    send({ type: "error", id: run.id, message: String(event.message), line: null });
    send({ type: "done", id: run.id, status: "error" });
    stop();
  };
  worker.postMessage({
    code: message.code,
    offset: message.offset,
    expectsReport: message.expectsReport,
    language: message.language,
    runtime: message.runtime,
    vendor: message.vendor,
  });
}

function runPreview(message) {
  const old = document.getElementById("preview");
  if (old) old.remove();
  const frame = document.createElement("iframe");
  frame.id = "preview";
  frame.title = "Preview";
  // Forms may fire their submit events (form-action 'none' still stops any submission).
  frame.setAttribute("sandbox", "allow-scripts allow-modals allow-forms");
  // The preview's console reaches the page through this frame; the base keeps #links
  // inside the preview instead of resolving against the page's address.
  // (The closing tag is split so that this source can itself sit inside a <script>.)
  frame.srcdoc = `<base href="about:srcdoc"><script>${PREVIEW_CONSOLE}</` + `script>${message.code}`;
  document.body.appendChild(frame);
  current = { id: message.id, worker: null, timer: 0 };
  frame.addEventListener("load", () => send({ type: "done", id: message.id, status: "ok" }), { once: true });
}

window.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (event.source === parent) {
    if (message.type === "stop") {
      const id = current && current.id;
      stop();
      if (id) send({ type: "done", id, status: "stopped" });
      return;
    }
    if (message.type !== "run" || typeof message.code !== "string" || typeof message.id !== "string") return;
    stop();
    if (message.language === "html") runPreview(message);
    else runScript(message);
    return;
  }
  // Console lines from the preview frame.
  const preview = document.getElementById("preview");
  if (preview && event.source === preview.contentWindow && message.type === "console" && current) {
    send({ type: "console", id: current.id, level: String(message.level), text: String(message.text) });
  }
});

send({ type: "ready" });
