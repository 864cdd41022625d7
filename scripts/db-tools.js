// Shared by `npm run db:backup` and `npm run db:restore` (and the tests' PostgreSQL clusters):
// the database the environment names (the same settings as npm start, read by the built
// server's config) and PostgreSQL's programs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./bench-server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The configured database and data folder, as the server would open them. */
export async function configuredDatabase() {
  ensureBuild(root);
  process.env.NODE_ENV ??= "production";
  const main = await import(path.join(root, "build/server/index.js"));
  try {
    const config = main.loadConfig(process.env);
    return { database: config.database, dataDir: config.dataDir };
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

/** Where a PostgreSQL program is (initdb, pg_dump…): on PATH, or in Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export function findPostgresProgram(name) {
  const onPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  // As found: Debian links its client programs to a wrapper that goes by the name it was run under.
  if (onPath) return onPath;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(base, v, "bin", name)).find((file) => fs.existsSync(file)) ?? null;
}

/** A PostgreSQL client program for the scripts; stops with a message naming the package when it is missing. */
export function postgresTool(name) {
  const found = findPostgresProgram(name);
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
