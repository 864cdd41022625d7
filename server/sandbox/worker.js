// The sandbox worker (issue #7): runs one program, sends its console output and errors to
// the runner frame, and says when it is done. It lives in a dedicated worker created from
// a blob inside the sandboxed frame, so an endless loop blocks only this thread and the
// frame can terminate it. inspect.js and output-limit.js are placed before this file in the
// same source, and all of it runs inside a function: the program cannot reach these names.
/* global formatArgs, importScripts, createOutputLimit, outputSize */

// Every message carries the run's nonce, which the runner frame checks: a program that calls
// postMessage itself (to end its run, reset its time limit, or flood the console) is not
// heard. The program runs after the nonce arrived and cannot read it, nor swap the function
// it is sent with (issue #31, docs/decisions/017).
const postToRunner = self.postMessage.bind(self);
let nonce = null;
const post = (message) => postToRunner({ ...message, nonce });
let lineOffset = 0;
let finished = false;
let output = createOutputLimit();

/** The program's output (console lines, tables, errors), until the run's output limit. */
function print(message) {
  if (output.over) return;
  if (output.admit(outputSize(message))) post(message);
  else post({ type: "truncated" });
}

function mapLine(line) {
  const mapped = Number(line) - lineOffset;
  return Number.isFinite(mapped) && mapped > 0 ? mapped : null;
}

/** The line in the user's code an error came from, read from its stack (sourceURL "main.js"). */
function errorLine(error) {
  const match = /main\.js:(\d+):\d+/.exec(String(error && error.stack));
  return match ? mapLine(match[1]) : null;
}

function describe(error) {
  if (error instanceof Error)
    return `${error.name}: ${error.message.replace(/^Failed to execute 'importScripts' on 'WorkerGlobalScope': /, "")}`;
  return `Uncaught ${formatArgs([error])}`;
}

for (const level of ["log", "info", "warn", "error", "debug"]) {
  // Past the limit nothing is formatted either: a flood costs the worker little.
  console[level] = (...args) => {
    if (!output.over) print({ type: "console", level, text: formatArgs(args) });
  };
}
console.table = (data, columns) => {
  if (data === null || typeof data !== "object") return console.log(data);
  const rows = Object.entries(data).map(([key, row]) => [key, row]);
  const keys = columns || [...new Set(rows.flatMap(([, row]) => (row !== null && typeof row === "object" ? Object.keys(row) : [])))];
  const hasValues = rows.some(([, row]) => row === null || typeof row !== "object");
  const header = ["(index)", ...keys, ...(hasValues ? ["Values"] : [])];
  const body = rows.map(([key, row]) => [
    key,
    ...keys.map((k) => (row !== null && typeof row === "object" && k in row ? formatArgs([row[k]]) : "")),
    ...(hasValues ? [row === null || typeof row !== "object" ? formatArgs([row]) : ""] : []),
  ]);
  print({ type: "console", level: "table", table: { header, rows: body } });
};

// Timers are counted, so the run ends when nothing is left to happen.
const timers = new Set();
const realSetTimeout = self.setTimeout.bind(self);
const realClearTimeout = self.clearTimeout.bind(self);
const realSetInterval = self.setInterval.bind(self);
const realClearInterval = self.clearInterval.bind(self);
self.setTimeout = (fn, ms, ...args) => {
  const id = realSetTimeout(() => {
    timers.delete(id);
    try {
      if (typeof fn === "function") fn(...args);
    } finally {
      settle();
    }
  }, ms);
  timers.add(id);
  return id;
};
self.clearTimeout = (id) => {
  timers.delete(id);
  realClearTimeout(id);
  settle();
};
self.setInterval = (fn, ms, ...args) => {
  const id = realSetInterval(() => {
    if (typeof fn === "function") fn(...args);
  }, ms);
  timers.add(id);
  return id;
};
self.clearInterval = (id) => {
  timers.delete(id);
  realClearInterval(id);
  settle();
};

let mainDone = false;
let waitingForReport = false;
function settle() {
  if (!mainDone || finished || waitingForReport) return;
  // After the microtasks queued so far, and after the browser has reported unhandled
  // rejections (a task of its own): if no timer is left, nothing else can happen.
  realSetTimeout(() => {
    realSetTimeout(() => {
      if (!finished && !waitingForReport && timers.size === 0) finish({ status: "ok" });
    }, 0);
  }, 0);
}

function finish(result) {
  if (finished) return;
  finished = true;
  post({ type: "done", ...result });
}

// Challenges end by reporting their test results (app/lib/test-harness.ts), once. The harness
// shares its global scope with the program, so the results are the browser's claim (decision 017).
self.__report = (results) => {
  if (!waitingForReport) return;
  waitingForReport = false;
  finish({ status: "ok", results });
};

self.addEventListener("error", (event) => {
  event.preventDefault();
  print({ type: "error", message: describe(event.error ?? event.message), line: errorLine(event.error) ?? mapLine(event.lineno) });
  if (waitingForReport) finish({ status: "error" });
  settle();
});
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  print({ type: "error", message: `Uncaught (in promise) ${describe(event.reason)}`, line: errorLine(event.reason) });
  settle();
});

/**
 * Python through Pyodide, loaded from our origin's /vendor/ folder the first time Python
 * runs, then kept: the runner frame keeps this worker between Python runs (issue #33), so
 * only the first run pays the seconds of loading. Every run gets fresh globals, its own
 * stdin, and the builtins and sys streams as they were after loading, so nothing one run
 * defines is seen by the next.
 */
let pyodide = null;
let pythonReset = null;
/** stdout/stderr, decoded and cut into lines here, so that input() can echo what it read after its prompt. */
const pythonStreams = {
  log: { decoder: new TextDecoder(), pending: "" },
  error: { decoder: new TextDecoder(), pending: "" },
};
function pythonWrite(level, text) {
  const stream = pythonStreams[level];
  const lines = (stream.pending + text).split("\n");
  stream.pending = lines.pop();
  for (const line of lines) print({ type: "console", level, text: line });
}
function pythonFlush() {
  for (const level of ["log", "error"]) {
    const stream = pythonStreams[level];
    const rest = stream.pending + stream.decoder.decode();
    stream.pending = "";
    if (rest) print({ type: "console", level, text: rest });
  }
}
const PYTHON_RESET = `
import builtins, sys
_builtins = dict(builtins.__dict__)
_streams = (sys.stdin, sys.stdout, sys.stderr)
_limit = sys.getrecursionlimit()
def reset():
    builtins.__dict__.clear()
    builtins.__dict__.update(_builtins)
    sys.stdin, sys.stdout, sys.stderr = _streams
    sys.setrecursionlimit(_limit)
reset
`;

async function runPython(code, vendor, stdin) {
  if (!pyodide) {
    post({ type: "phase", phase: "loading" });
    importScripts(`${vendor}pyodide/pyodide.js`);
    const loaded = await self.loadPyodide({ indexURL: `${vendor}pyodide/` });
    for (const [level, setter] of [
      ["log", "setStdout"],
      ["error", "setStderr"],
    ]) {
      const { decoder } = pythonStreams[level];
      loaded[setter]({ write: (bytes) => (pythonWrite(level, decoder.decode(bytes, { stream: true })), bytes.length) });
    }
    // Its own namespace, out of the program's reach.
    pythonReset = loaded.runPython(PYTHON_RESET, { globals: loaded.globals.get("dict")() });
    pyodide = loaded;
  }
  post({ type: "phase", phase: "running" });
  // The stdin box, one line per read; then end of file (input() raises EOFError, as with an empty pipe).
  const lines = stdin ? stdin.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n") : [];
  pyodide.setStdin({
    stdin: () => {
      if (!lines.length) return null;
      const line = lines.shift();
      // As a terminal shows it: the prompt, then what was typed.
      pythonWrite("log", `${line}\n`);
      return line;
    },
    autoEOF: true,
  });
  const globals = pyodide.globals.get("dict")();
  globals.set("__name__", "__main__");
  try {
    await pyodide.runPythonAsync(code, { globals });
  } catch (error) {
    pythonFlush();
    const message = String(error && error.message ? error.message : error);
    const lines = [...message.matchAll(/File "<exec>", line (\d+)/g)];
    const last = message.trim().split("\n").pop();
    print({ type: "error", message: last || message, line: lines.length ? Number(lines.at(-1)[1]) : null });
  } finally {
    pythonFlush();
    globals.destroy();
    pythonReset();
  }
  finish({ status: "ok" });
}

/** SQL through sql.js (SQLite in WebAssembly): every statement's result set becomes a table. */
async function runSql(code, vendor) {
  post({ type: "phase", phase: "loading" });
  importScripts(`${vendor}sql.js/sql-wasm.js`);
  const SQL = await self.initSqlJs({ locateFile: (file) => `${vendor}sql.js/${file}` });
  post({ type: "phase", phase: "running" });
  const db = new SQL.Database();
  // Statement by statement, so that when one fails the results before it stay shown (issue #33).
  const statements = db.iterateStatements(code);
  /** The line where the statement starting at `offset` begins (past blank lines and -- comments). */
  const lineAt = (offset) => {
    const lead = /^(?:\s+|--[^\n]*)*/.exec(code.slice(offset))[0].length;
    return code.slice(0, offset + lead).split("\n").length;
  };
  try {
    for (;;) {
      const start = code.length - statements.getRemainingSQL().length;
      try {
        const next = statements.next();
        if (next.done) break;
        const statement = next.value;
        const header = statement.getColumnNames();
        const rows = [];
        while (statement.step()) rows.push(statement.get().map((value) => (value === null ? "NULL" : String(value))));
        if (header.length) print({ type: "console", level: "table", table: { header, rows } });
      } catch (error) {
        print({ type: "error", message: String(error && error.message ? error.message : error), line: lineAt(start) });
        break;
      }
    }
  } finally {
    db.close();
  }
  finish({ status: "ok" });
}

let started = false;
let firstLanguage = null;
self.onmessage = (event) => {
  const { code, offset, expectsReport, language, runtime, vendor, stdin } = event.data || {};
  // One program per worker, except Python: its worker is kept for the next Python run, which
  // the runner sends only once this one is done. Each run has its own nonce and output limit.
  if ((started && !(firstLanguage === "python" && language === "python")) || typeof code !== "string") return;
  started = true;
  firstLanguage ??= language;
  nonce = event.data.nonce;
  finished = false;
  output = createOutputLimit();
  if (language === "python" || language === "sql") {
    const run = language === "python" ? runPython : runSql;
    run(code, String(vendor), typeof stdin === "string" ? stdin : "").catch((error) => {
      post({
        type: "error",
        message: `The ${language === "python" ? "Python" : "SQL"} runtime could not start: ${error && error.message ? error.message : error}`,
        line: null,
      });
      finish({ status: "error" });
    });
    return;
  }
  lineOffset = Number(offset) || 0;
  waitingForReport = Boolean(expectsReport);
  if (!runtime) {
    runScript(code);
    return;
  }
  // Loading a runtime does not count against the program's time (as for Python and SQL).
  post({ type: "phase", phase: "loading" });
  loadRuntime(runtime, String(vendor)).then(
    () => {
      post({ type: "phase", phase: "running" });
      runScript(code);
    },
    (error) => {
      post({
        type: "error",
        message: `The ${runtime === "react" ? "React" : "SQL"} runtime could not start: ${describe(error)}`,
        line: null,
      });
      finish({ status: "error" });
    },
  );
};

/**
 * What a challenge's program needs before it runs: React (React challenges), or sql.js as
 * `__sqlJs` for SQL challenges' tests (app/lib/sql-test-harness.ts opens databases on it).
 */
async function loadRuntime(runtime, vendor) {
  if (runtime === "react") {
    importScripts(`${vendor}react/react-runtime.js`);
    return;
  }
  if (runtime !== "sql") throw new Error(`unknown runtime ${runtime}`);
  importScripts(`${vendor}sql.js/sql-wasm.js`);
  self.__sqlJs = await self.initSqlJs({ locateFile: (file) => `${vendor}sql.js/${file}` });
}

/** Runs the program as a classic script, so its errors carry line numbers (sourceURL names it main.js). */
function runScript(code) {
  const url = URL.createObjectURL(new Blob([`${code}\n//# sourceURL=main.js`], { type: "text/javascript" }));
  try {
    importScripts(url);
  } catch (error) {
    print({ type: "error", message: describe(error), line: errorLine(error) });
    if (waitingForReport) {
      finish({ status: "error" });
      return;
    }
  } finally {
    URL.revokeObjectURL(url);
  }
  mainDone = true;
  settle();
}
