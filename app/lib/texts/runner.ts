/** The code runner, the live compiler and challenges (issue #7). */
export const runnerTexts = {
  output: "Output",
  running: "Running…",
  loadingRuntime: "Loading the runtime (the first run takes a few seconds)…",
  finished: "Finished",
  timedOut: "Stopped: the program ran longer than the time limit (an endless loop?).",
  stopped: "Stopped.",
  failed: "The program stopped with an error.",
  clear: "Clear",
  noOutput: "Run the code to see its output here.",
  // The numbers are OUTPUT_LIMITS in server/sandbox/output-limit.js.
  outputTruncated: "Output truncated: a run shows at most 1,000 lines or 200,000 characters, and this one printed more.",
  line: "line",
  run: "Run",
  stop: "Stop",
  runHint: "Ctrl+Enter or ⌘+Enter runs the code.",
  sandboxTitle: "Program sandbox",
  previewTitle: "Preview",
} as const;
