#!/usr/bin/env node
// `npm run user:role -- <email> <user|admin>`: changes a user's role, on the database the
// environment names (the same settings as npm start). Uses the built server code.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [email, role] = process.argv.slice(2);
if (!email || !["user", "admin"].includes(role)) {
  console.error("Usage: npm run user:role -- <email> <user|admin>");
  process.exit(2);
}
const build = path.join(root, "build/server/index.js");
if (!fs.existsSync(build) && spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);

process.env.NODE_ENV ??= "production";
const main = await import(build);
const services = await main.openServices();
try {
  if (await main.setUserRole(services, email, role)) {
    console.log(`${email.toLowerCase()} is now ${role === "admin" ? "an admin" : "a user"}.`);
  } else {
    console.error(`No user has the email ${email.toLowerCase()}.`);
    process.exitCode = 1;
  }
} finally {
  await main.closeServices(services);
}
