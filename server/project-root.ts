import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this module (server/, or build/server/assets when built) with a package.json. */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();
