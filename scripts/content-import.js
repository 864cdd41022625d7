#!/usr/bin/env node
// `npm run content:import`: checks every question file under CONTENT_DIR/questions and
// imports the bank into the database the environment names (the same settings as npm
// start), with a progress bar and a summary. Problems are listed as path:line: problem.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = path.join(root, "build/server/index.js");
if (!fs.existsSync(build) && spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);

process.env.NODE_ENV ??= "production";
const main = await import(build);
const services = await main.openServices(process.env, { importContent: false });
const folder = path.join(services.config.contentDir, "questions");
const started = performance.now();

function progress(done, total) {
  if (!process.stdout.isTTY && done !== total) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stdout.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stdout.write("\n");
}

try {
  const summary = await main.importQuestions(services, folder, { onProgress: progress });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `${summary.files} question files in ${path.relative(process.cwd(), folder) || "."}: ` +
      `${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.unpublished} unpublished (${seconds} s).`,
  );
} catch (error) {
  if (error?.name !== "ContentError") throw error;
  console.error(`\n${error.message}`);
  process.exitCode = 1;
} finally {
  await main.closeServices(services);
}
