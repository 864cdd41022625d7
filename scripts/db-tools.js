// Shared by `npm run db:backup` and `npm run db:restore`: the database the environment names
// (the same settings as npm start, read by the built server's config) and PostgreSQL's tools.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The configured database and data folder, as the server would open them. */
export async function configuredDatabase() {
  const build = path.join(root, "build/server/index.js");
  if (!fs.existsSync(build) && spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
  process.env.NODE_ENV ??= "production";
  const main = await import(build);
  try {
    const config = main.loadConfig(process.env);
    return { database: config.database, dataDir: config.dataDir };
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

/** A PostgreSQL client program (pg_dump, pg_restore): on PATH, or in Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresTool(name) {
  if (spawnSync("sh", ["-c", `command -v ${name}`]).status === 0) return name;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, "bin", name)).find((file) => fs.existsSync(file));
  if (!found) {
    console.error(`${name} was not found: install PostgreSQL's client programs (Debian: postgresql-client).`);
    process.exit(1);
  }
  return found;
}

/** Runs a program, its output passed through; stops this script if it fails. */
export function run(program, args) {
  const result = spawnSync(program, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`${path.basename(program)} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

export const seconds = (start) => ((performance.now() - start) / 1000).toFixed(2);
