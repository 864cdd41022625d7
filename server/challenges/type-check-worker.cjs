// Type-checks a TypeScript challenge in a child process (server/challenges/type-check.ts
// starts `node -` with this text on stdin). Runs apart from the server so that a type that
// takes the checker seconds never blocks requests and can be stopped, and so that a check
// that exhausts the heap (`--max-old-space-size`) ends this process, never the server: a
// worker thread's heap limit does not hold for every allocation (nodejs/node#47224, a
// 700-character program aborted the whole server that way; issue #31).
//
// Only the files it is given and TypeScript's own lib files are ever read: imports and
// triple-slash references are not resolved, so candidate code cannot reach the disk.
const fs = require("node:fs");
const path = require("node:path");
const typescriptPath = process.argv[2];
const ts = require(typescriptPath);

const libDir = path.dirname(typescriptPath);
const options = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  types: [],
  noResolve: true,
  skipDefaultLibCheck: true,
  useDefineForClassFields: true,
};

// Lib files are parsed once per worker and shared by every check, as editors do.
const libFiles = new Map();
function libFile(fileName) {
  if (path.dirname(fileName) !== libDir || !/^lib\.[\w.]+\.d\.ts$/.test(path.basename(fileName))) return undefined;
  if (!libFiles.has(fileName)) {
    const text = fs.existsSync(fileName) ? fs.readFileSync(fileName, "utf8") : undefined;
    libFiles.set(fileName, text === undefined ? undefined : ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, false));
  }
  return libFiles.get(fileName);
}

/** The ranges of the top-level `test("name", fn)` calls in the tests file. */
function testRanges(sourceFile) {
  const ranges = [];
  for (const statement of sourceFile.statements) {
    const call = ts.isExpressionStatement(statement) ? statement.expression : undefined;
    if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "test") continue;
    const name = call.arguments[0];
    if (name && ts.isStringLiteralLike(name)) ranges.push({ name: name.text, start: statement.getFullStart(), end: statement.getEnd() });
  }
  return ranges;
}

function check(files) {
  const host = {
    getSourceFile: (fileName, languageVersion) =>
      fileName in files ? ts.createSourceFile(fileName, files[fileName], languageVersion, true) : libFile(fileName),
    getDefaultLibFileName: () => path.join(libDir, "lib.d.ts"),
    writeFile: () => {},
    getCurrentDirectory: () => "/",
    getDirectories: () => [],
    fileExists: (fileName) => fileName in files || libFile(fileName) !== undefined,
    readFile: (fileName) => (fileName in files ? files[fileName] : libFile(fileName)?.text),
    getCanonicalFileName: (fileName) => fileName,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
  };
  const program = ts.createProgram({ rootNames: Object.keys(files), options, host });
  const result = { codeErrors: [], testErrors: [], otherErrors: [] };
  const message = (d) => ts.flattenDiagnosticMessageText(d.messageText, "\n");
  for (const d of [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]) result.otherErrors.push({ message: message(d) });
  for (const fileName of Object.keys(files)) {
    const sourceFile = program.getSourceFile(fileName);
    const ranges = fileName === "/tests.ts" ? testRanges(sourceFile) : [];
    for (const d of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
      const error = { line: line + 1, column: character + 1, message: message(d) };
      if (fileName === "/solution.ts") result.codeErrors.push(error);
      else {
        const test = ranges.find((r) => (d.start ?? 0) >= r.start && (d.start ?? 0) < r.end);
        if (test) result.testErrors.push({ test: test.name, ...error });
        else result.otherErrors.push(error);
      }
    }
  }
  return result;
}

// The server went away (or stopped this checker): a message sent now would have no reader.
const send = (message) => process.connected && process.send(message);
process.on("disconnect", () => process.exit(0));

// Parse the lib files before saying ready, so the first real check is not the slow one.
check({ "/warm.ts": "const warm: Array<number> = [];" });
send({ ready: true });
process.on("message", ({ id, files }) => {
  try {
    send({ id, result: check(files) });
  } catch (error) {
    send({ id, error: String(error && error.message) });
  }
});
