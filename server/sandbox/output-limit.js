// How much console output one run may show (issue #31): a shared snippet that printed in an
// endless loop froze the viewer's tab for ~30 s. Past the limit the output stops and the
// panel shows one note instead (runnerTexts.outputTruncated says these numbers). Placed
// before worker.js and runner.js in their sources, like inspect.js.

const OUTPUT_LIMITS = { lines: 1000, chars: 200000 };

/** What one console, table or error message costs: its lines and its characters. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the worker and runner sources it is joined with
function outputSize(message) {
  if (message.type === "console" && message.level === "table") {
    const table = message.table || {};
    const rows = Array.isArray(table.rows) ? table.rows : [];
    const cells = [Array.isArray(table.header) ? table.header : [], ...rows].flat();
    return { lines: 1 + rows.length, chars: cells.reduce((sum, cell) => sum + String(cell).length, 0) };
  }
  const text = message.type === "error" ? message.message : message.text;
  return { lines: 1, chars: String(text).length };
}

/**
 * The output budget of one run. `admit(size)` says whether a message still fits; the first
 * one that does not ends the output (`over`), and so does `end()` (the worker ran out first).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the worker and runner sources it is joined with
function createOutputLimit(limits = OUTPUT_LIMITS) {
  let lines = 0;
  let chars = 0;
  let over = false;
  return {
    get over() {
      return over;
    },
    admit(size) {
      if (over) return false;
      lines += size.lines;
      chars += size.chars;
      over = lines > limits.lines || chars > limits.chars;
      return !over;
    },
    end() {
      over = true;
    },
  };
}
