// The sandbox frame (issue #7), served at /sandbox/runner into an <iframe sandbox="allow-scripts">:
// an opaque origin with no cookies, no storage of ours, no network (connect-src 'none') and
// no way to navigate the page. It takes "run" messages from its parent and answers with
// console, error and done messages. JavaScript runs in a worker (so an endless loop can
// be terminated); HTML runs in a nested frame that is also the preview. output-limit.js is
// placed before this file.
/* global createOutputLimit, outputSize */

const WORKER_SOURCE = document.getElementById("worker-source").textContent;
const PREVIEW_CONSOLE = document.getElementById("preview-console").textContent;
const workerUrl = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
let current = null;
/** Python's worker outlives its run, Pyodide loaded in it, so that the next Python run starts at once (issue #33). */
let pythonWorker = null;

function send(message) {
  // Our pages are the only ones allowed to frame this document (frame-ancestors 'self').
  parent.postMessage(message, "*");
}

/** A secret of one run: the worker stamps its messages with it; the program cannot read it. */
function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The program's output, passed on until the run's output limit; then one "truncated" note. */
function relay(run, message) {
  if (run.output.over) return;
  if (message.type !== "truncated" && run.output.admit(outputSize(message))) {
    send({ ...message, id: run.id });
    return;
  }
  run.output.end();
  send({ type: "truncated", id: run.id });
}

function stop() {
  if (!current) return;
  clearTimeout(current.timer);
  // A run stopped midway (Stop, the time limit) ends its worker, Python's included: the next Python run loads it again.
  if (current.worker) current.worker.terminate();
  if (current.worker && current.worker === pythonWorker) pythonWorker = null;
  current = null;
}

/** After a run that ended by itself: its worker goes, unless it is Python's, kept for the next run. */
function release() {
  if (!current) return;
  clearTimeout(current.timer);
  if (current.worker && current.worker !== pythonWorker) current.worker.terminate();
  current = null;
}

function runScript(message) {
  const python = message.language === "python";
  const worker = python && pythonWorker ? pythonWorker : new Worker(workerUrl);
  if (python) pythonWorker = worker;
  const run = { id: message.id, worker, timer: 0, nonce: newNonce(), output: createOutputLimit() };
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
    const data = event.data;
    // Only the worker's own code knows the nonce: what the program posts itself is dropped (decision 017).
    if (current !== run || !data || typeof data !== "object" || data.nonce !== run.nonce) return;
    // Loading a runtime (Pyodide, sql.js) does not count against the program's time.
    if (data.type === "phase") {
      limit(data.phase === "loading" ? 60_000 : message.timeoutMs);
      send({ type: "phase", id: run.id, phase: data.phase });
    } else if (data.type === "done") {
      send({ type: "done", id: run.id, status: data.status, results: data.results });
      release();
    } else if (data.type === "console" || data.type === "error" || data.type === "truncated") {
      const { nonce: _nonce, ...output } = data;
      relay(run, output);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    if (current !== run) return;
    send({ type: "error", id: run.id, message: String(event.message), line: null });
    send({ type: "done", id: run.id, status: "error" });
    stop();
  };
  worker.postMessage({
    nonce: run.nonce,
    code: message.code,
    offset: message.offset,
    expectsReport: message.expectsReport,
    language: message.language,
    runtime: message.runtime,
    vendor: message.vendor,
    stdin: typeof message.stdin === "string" ? message.stdin : "",
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
  current = { id: message.id, worker: null, timer: 0, output: createOutputLimit() };
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
    relay(current, { type: "console", level: String(message.level), text: String(message.text) });
  }
});

send({ type: "ready" });
