// Writes app/styles/font-fallbacks.css (issue #33): for each face we serve, a local fallback
// face whose size-adjust, ascent-override, descent-override and line-gap-override make it take
// the room the real face will take, so that text drawn before the font arrives does not move
// when it swaps in. Run `node scripts/font-fallbacks.js` after changing a face; the numbers
// come from the font files themselves (head, hhea, OS/2, cmap and hmtx tables), read here
// without a font library.
//
// Fallbacks: Arial and the fonts metric-compatible with it (Helvetica, Liberation Sans, Arimo),
// whose widths are the classic Helvetica ones (below), and DejaVu Sans, the default sans-serif
// of Linux desktops without Arial, read from its file when this machine has it.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const fontsource = (name) => path.join(root, "node_modules/@fontsource", name, "files");

/** The faces of fonts.css, and the weight of fallback that stands in for each. */
const faces = [
  { family: "Lato", weight: 400, file: path.join(fontsource("lato"), "lato-latin-400-normal.woff"), bold: false },
  { family: "Lato", weight: 700, file: path.join(fontsource("lato"), "lato-latin-700-normal.woff"), bold: true },
  { family: "Poppins", weight: 600, file: path.join(fontsource("poppins"), "poppins-latin-600-normal.woff"), bold: true },
  { family: "Poppins", weight: 700, file: path.join(fontsource("poppins"), "poppins-latin-700-normal.woff"), bold: true },
];

// How often each character appears in English prose, per 1,000 characters (space included):
// the average advance is weighted by it, as text on the site is mostly lower-case words.
const FREQUENCY = {
  " ": 183,
  e: 102,
  t: 75,
  a: 65,
  o: 62,
  i: 57,
  n: 57,
  s: 53,
  r: 50,
  h: 49,
  l: 33,
  d: 33,
  c: 22,
  u: 22,
  m: 20,
  f: 18,
  p: 16,
  g: 16,
  w: 15,
  y: 14,
  b: 12,
  v: 8,
  k: 6,
  x: 1,
  j: 1,
  q: 1,
  z: 1,
};

// Helvetica's advance widths (Adobe's AFM files, 1,000 units per em), which Arial, Liberation
// Sans and Arimo share, with Arial's vertical metrics (hhea, 2,048 units: 1854, -434, 67).
const HELVETICA = {
  regular: {
    " ": 278,
    a: 556,
    b: 556,
    c: 500,
    d: 556,
    e: 556,
    f: 278,
    g: 556,
    h: 556,
    i: 222,
    j: 222,
    k: 500,
    l: 222,
    m: 833,
    n: 556,
    o: 556,
    p: 556,
    q: 556,
    r: 333,
    s: 500,
    t: 278,
    u: 556,
    v: 500,
    w: 722,
    x: 500,
    y: 500,
    z: 500,
  },
  bold: {
    " ": 278,
    a: 556,
    b: 611,
    c: 556,
    d: 611,
    e: 556,
    f: 333,
    g: 611,
    h: 611,
    i: 278,
    j: 278,
    k: 556,
    l: 278,
    m: 889,
    n: 611,
    o: 611,
    p: 611,
    q: 611,
    r: 389,
    s: 556,
    t: 333,
    u: 611,
    v: 556,
    w: 778,
    x: 556,
    y: 556,
    z: 500,
  },
};
const arial = (bold) => ({
  unitsPerEm: 1000,
  ascent: (1854 / 2048) * 1000,
  descent: (434 / 2048) * 1000,
  lineGap: (67 / 2048) * 1000,
  averageWidth: weightedAverage((char) => HELVETICA[bold ? "bold" : "regular"][char]),
});

const fallbacks = [
  {
    name: "Fallback",
    local: (bold) =>
      bold
        ? ["Arial Bold", "Arial-BoldMT", "Helvetica Bold", "Liberation Sans Bold", "Arimo Bold"]
        : ["Arial", "ArialMT", "Helvetica", "Liberation Sans", "Arimo"],
    metrics: (bold) => arial(bold),
  },
  {
    name: "Fallback DejaVu",
    local: (bold) => (bold ? ["DejaVu Sans Bold", "DejaVuSans-Bold"] : ["DejaVu Sans", "DejaVuSans"]),
    file: (bold) => `/usr/share/fonts/truetype/dejavu/DejaVuSans${bold ? "-Bold" : ""}.ttf`,
  },
];

function weightedAverage(widthOf) {
  let sum = 0;
  let total = 0;
  for (const [char, count] of Object.entries(FREQUENCY)) {
    sum += widthOf(char) * count;
    total += count;
  }
  return sum / total;
}

/** The tables of a TrueType/OpenType file or of a WOFF (1.0) file, decompressed. */
function tables(buffer) {
  const found = {};
  if (buffer.toString("latin1", 0, 4) === "wOFF") {
    const count = buffer.readUInt16BE(12);
    for (let i = 0; i < count; i++) {
      const entry = 44 + i * 20;
      const tag = buffer.toString("latin1", entry, entry + 4);
      const offset = buffer.readUInt32BE(entry + 4);
      const compressed = buffer.readUInt32BE(entry + 8);
      const length = buffer.readUInt32BE(entry + 12);
      const data = buffer.subarray(offset, offset + compressed);
      found[tag] = compressed < length ? zlib.inflateSync(data) : data;
    }
    return found;
  }
  const count = buffer.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const entry = 12 + i * 16;
    const offset = buffer.readUInt32BE(entry + 8);
    found[buffer.toString("latin1", entry, entry + 4)] = buffer.subarray(offset, offset + buffer.readUInt32BE(entry + 12));
  }
  return found;
}

/** Character code to glyph id, from the Windows Unicode BMP cmap (format 4). */
function glyphIds(cmap) {
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const at = cmap.readUInt32BE(8 + i * 8);
    if (platform !== 3 || encoding !== 1 || cmap.readUInt16BE(at) !== 4) continue;
    const segments = cmap.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (code) => {
      for (let s = 0; s < segments; s++) {
        if (code > cmap.readUInt16BE(ends + s * 2)) continue;
        const start = cmap.readUInt16BE(starts + s * 2);
        if (code < start) return 0;
        const delta = cmap.readInt16BE(deltas + s * 2);
        const range = cmap.readUInt16BE(ranges + s * 2);
        if (range === 0) return (code + delta) & 0xffff;
        const glyph = cmap.readUInt16BE(ranges + s * 2 + range + (code - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error("no format 4 Unicode cmap");
}

/** The metrics that decide a line's height and a word's width, in font units. */
function metricsOf(file) {
  const t = tables(fs.readFileSync(file));
  const unitsPerEm = t.head.readUInt16BE(18);
  const useTypo = (t["OS/2"].readUInt16BE(62) & (1 << 7)) !== 0;
  const [ascent, descent, lineGap] = useTypo
    ? [t["OS/2"].readInt16BE(68), t["OS/2"].readInt16BE(70), t["OS/2"].readInt16BE(72)]
    : [t.hhea.readInt16BE(4), t.hhea.readInt16BE(6), t.hhea.readInt16BE(8)];
  const longMetrics = t.hhea.readUInt16BE(34);
  const glyph = glyphIds(t.cmap);
  const advance = (char) => t.hmtx.readUInt16BE(Math.min(glyph(char.charCodeAt(0)), longMetrics - 1) * 4);
  return { unitsPerEm, ascent, descent: Math.abs(descent), lineGap, averageWidth: weightedAverage(advance) };
}

const percent = (value) => `${Number((value * 100).toFixed(2))}%`;

function fallbackFace(face, fallback) {
  const font = metricsOf(face.file);
  const stand = fallback.metrics
    ? fallback.metrics(face.bold)
    : fs.existsSync(fallback.file(face.bold))
      ? metricsOf(fallback.file(face.bold))
      : null;
  if (!stand) throw new Error(`${fallback.file(face.bold)} is needed to measure ${fallback.name}`);
  // Scale the fallback so its average word is as wide as the font's; then the vertical
  // metrics are the font's, expressed against the scaled size.
  const sizeAdjust = font.averageWidth / font.unitsPerEm / (stand.averageWidth / stand.unitsPerEm);
  const over = (value) => percent(value / font.unitsPerEm / sizeAdjust);
  return [
    "@font-face {",
    `  font-family: "${face.family} ${fallback.name}";`,
    "  font-style: normal;",
    `  font-weight: ${face.weight};`,
    `  src: ${fallback
      .local(face.bold)
      .map((name) => `local("${name}")`)
      .join(", ")};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${over(font.ascent)};`,
    `  descent-override: ${over(font.descent)};`,
    `  line-gap-override: ${over(font.lineGap)};`,
    "}",
  ].join("\n");
}

const header = [
  "/*",
  " * Generated by scripts/font-fallbacks.js: do not edit. Local faces sized to take the room of",
  " * Lato and Poppins (tokens.css puts them right after the real family), so text drawn before a",
  " * font arrives does not move when it swaps in.",
  " */",
].join("\n");
const css = [header, ...faces.flatMap((face) => fallbacks.map((fallback) => fallbackFace(face, fallback)))].join("\n\n");

const out = path.join(root, "app/styles/font-fallbacks.css");
fs.writeFileSync(out, `${css}\n`);
console.log(`wrote ${path.relative(root, out)}`);
