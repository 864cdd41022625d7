// What the benchmark scripts, the soak and the crash test compute from their samples.
import fs from "node:fs";

/** The p-th percentile of values sorted ascending (the nearest rank below). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Resident memory of a process in MB (Linux's /proc). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
