// Formats values for the sandbox console the way Node's console.log does (issue #7), so a
// console question run in the browser prints what the bank verified in Node: quoting of
// nested strings, `Map(1) { 'a' => 1 }`, class names, `[Object]` past depth 2, and the
// line breaking and column grouping of long arrays. Runs inside the sandbox worker; it is
// plain JavaScript with no imports because it is sent there as source text.

const BREAK_LENGTH = 80;
const MAX_DEPTH = 2;
const MAX_ARRAY = 100;

function quote(text) {
  const q = !text.includes("'") ? "'" : !text.includes('"') ? '"' : !text.includes("`") ? "`" : "'";
  const escaped = text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\t/g, "\\t");
  return q + (q === "'" ? escaped.replace(/'/g, "\\'") : escaped) + q;
}

function formatKey(key) {
  if (typeof key === "symbol") return `[${key.toString()}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
}

function constructorName(value) {
  let proto = Object.getPrototypeOf(value);
  while (proto) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, "constructor");
    if (descriptor && typeof descriptor.value === "function" && descriptor.value.name) return descriptor.value.name;
    proto = Object.getPrototypeOf(proto);
  }
  return null;
}

function groupArrayElements(output, value, indentation) {
  let totalLength = 0;
  let maxLength = 0;
  const separatorSpace = 2;
  const outputLength = output.length;
  const dataLen = output.map((entry) => entry.length);
  for (const len of dataLen) {
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + indentation < BREAK_LENGTH && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
      Math.floor((BREAK_LENGTH - indentation) / actualMax),
      12,
      15,
    );
    if (columns <= 1) return output;
    const maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) if (dataLen[j] > lineLength) lineLength = dataLen[j];
      maxLineLength.push(lineLength + separatorSpace);
    }
    const numeric = Array.isArray(value) && value.every((v) => typeof v === "number" || typeof v === "bigint");
    const grouped = [];
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let line = "";
      let j = i;
      for (; j < max - 1; j++) {
        const cell = `${output[j]}, `;
        line += numeric ? cell.padStart(maxLineLength[j - i]) : cell.padEnd(maxLineLength[j - i]);
      }
      line += numeric ? output[j].padStart(maxLineLength[j - i] - separatorSpace) : output[j];
      grouped.push(line);
    }
    return grouped;
  }
  return output;
}

function reduceToSingleString(output, prefix, braces, indentation, isArray, value) {
  const entries = output.length;
  if (isArray && entries > 6) output = groupArrayElements(output, value, indentation);
  if (entries === output.length) {
    const start = output.length + indentation + braces[0].length + prefix.length + 10;
    let total = output.length + start;
    let fits = total + output.length <= BREAK_LENGTH;
    for (const entry of output) {
      total += entry.length;
      if (total > BREAK_LENGTH) fits = false;
    }
    const joined = output.join(", ");
    if (fits && !joined.includes("\n")) return `${prefix ? `${prefix} ` : ""}${braces[0]} ${joined} ${braces[1]}`;
  }
  const pad = `\n${" ".repeat(indentation)}`;
  return `${prefix ? `${prefix} ` : ""}${braces[0]}${pad}  ${output.join(`,${pad}  `)}${pad}${braces[1]}`;
}

function formatValue(value, depth, seen, indentation) {
  if (typeof value === "string") return depth === 0 ? value : quote(value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return value.toString();
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "function") {
    const source = Function.prototype.toString.call(value);
    if (/^class\b/.test(source)) return `[class ${value.name || "(anonymous)"}]`;
    return `[Function: ${value.name || "(anonymous)"}]`.replace("[Function: (anonymous)]", "[Function (anonymous)]");
  }
  if (value instanceof Error) return depth === 0 ? `${value.name}: ${value.message}` : `[${value.name}: ${value.message}]`;
  if (seen.includes(value)) return "[Circular *1]";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (value instanceof Promise) return "Promise { <pending> }";
  if (value instanceof WeakMap || value instanceof WeakSet)
    return `${value instanceof WeakMap ? "WeakMap" : "WeakSet"} { <items unknown> }`;

  const name = constructorName(value);
  const next = [...seen, value];
  const inner = (v) => formatValue(v, depth + 1, next, indentation + 2);
  if (Array.isArray(value)) {
    if (depth > MAX_DEPTH) return "[Array]";
    if (value.length === 0) return "[]";
    const output = [];
    let holes = 0;
    const flush = () => {
      if (holes) output.push(`<${holes} empty item${holes > 1 ? "s" : ""}>`);
      holes = 0;
    };
    for (let i = 0; i < Math.min(value.length, MAX_ARRAY); i++) {
      if (!Object.prototype.hasOwnProperty.call(value, i)) holes++;
      else {
        flush();
        output.push(inner(value[i]));
      }
    }
    flush();
    if (value.length > MAX_ARRAY) output.push(`... ${value.length - MAX_ARRAY} more item${value.length - MAX_ARRAY > 1 ? "s" : ""}`);
    const prefix = name && name !== "Array" ? `${name}(${value.length})` : "";
    return reduceToSingleString(output, prefix, ["[", "]"], indentation, true, value);
  }
  if (value instanceof Map) {
    const prefix = `${name === "Map" ? "Map" : name}(${value.size})`;
    if (value.size === 0) return `${prefix} {}`;
    if (depth > MAX_DEPTH) return `[${name || "Map"}]`;
    const output = [...value].map(([k, v]) => `${inner(k)} => ${inner(v)}`);
    return reduceToSingleString(output, prefix, ["{", "}"], indentation, false);
  }
  if (value instanceof Set) {
    const prefix = `${name === "Set" ? "Set" : name}(${value.size})`;
    if (value.size === 0) return `${prefix} {}`;
    if (depth > MAX_DEPTH) return `[${name || "Set"}]`;
    return reduceToSingleString([...value].map(inner), prefix, ["{", "}"], indentation, true, [...value]);
  }
  const keys = [
    ...Object.keys(value),
    ...Object.getOwnPropertySymbols(value).filter((s) => Object.prototype.propertyIsEnumerable.call(value, s)),
  ];
  const prefix = name === null ? "[Object: null prototype]" : name === "Object" ? "" : name;
  if (keys.length === 0) return prefix ? `${prefix} {}` : "{}";
  if (depth > MAX_DEPTH) return `[${name || "Object"}]`;
  const output = keys.map((key) => {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor && (descriptor.get || descriptor.set)) {
      return `${formatKey(key)}: ${descriptor.get && descriptor.set ? "[Getter/Setter]" : descriptor.get ? "[Getter]" : "[Setter]"}`;
    }
    return `${formatKey(key)}: ${inner(value[key])}`;
  });
  return reduceToSingleString(output, prefix, ["{", "}"], indentation, false);
}

/** console.log's arguments as one line of text, with printf-style %s %d %i %f %o %O %j %c. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the worker and preview sources it is joined with
function formatArgs(args) {
  let rest = args;
  let head = "";
  if (typeof args[0] === "string" && args.length > 1 && /%[sdifoOjc%]/.test(args[0])) {
    let index = 1;
    head = args[0].replace(/%([sdifoOjc%])/g, (match, type) => {
      if (type === "%") return "%";
      if (index >= args.length) return match;
      const arg = args[index++];
      switch (type) {
        case "s":
          return typeof arg === "string" ? arg : typeof arg === "bigint" ? `${arg}n` : formatValue(arg, 1, [], 0).replace(/^'|'$/g, "");
        case "d":
        case "i":
          return typeof arg === "bigint" ? `${arg}n` : String(type === "i" ? Math.trunc(Number(arg)) : Number(arg));
        case "f":
          return String(Number.parseFloat(arg));
        case "j":
          return JSON.stringify(arg);
        case "c":
          return "";
        default:
          return formatValue(arg, 1, [], 0);
      }
    });
    rest = args.slice(index);
    return [head, ...rest.map((a) => formatValue(a, 0, [], 0))].join(" ");
  }
  return rest.map((a) => formatValue(a, 0, [], 0)).join(" ");
}
