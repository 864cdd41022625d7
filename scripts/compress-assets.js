// Part of `npm run build`: writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// beside every text asset in build/client, so the server sends compressed bytes without
// compressing per request (server.js serves them with serveStatic's `precompressed`).
// A copy that would not be smaller is not written.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(js|mjs|css|svg|json|html|txt|xml|map)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let before = 0;
let brotli = 0;
let count = 0;
for (const file of files(root)) {
  const source = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  const gz = zlib.gzipSync(source, { level: 9 });
  if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
  before += source.length;
  brotli += Math.min(br.length, source.length);
  count++;
}
console.log(`compressed ${count} assets: ${(before / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB with Brotli`);
