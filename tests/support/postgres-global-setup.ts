import type { TestProject } from "vitest/node";
import { type Cluster, findPostgresBin, startCluster } from "./postgres-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Integration tests run on SQLite always and on PostgreSQL whenever one can be had:
 * TEST_DATABASE_URL, or a temporary cluster started here. Under CI=true a missing
 * PostgreSQL fails the run instead of quietly testing less.
 */
export default async function setup(project: TestProject) {
  let cluster: Cluster | undefined;
  let url = process.env.TEST_DATABASE_URL ?? "";
  if (!url) {
    const bin = findPostgresBin();
    if (bin) {
      cluster = await startCluster(bin);
      url = cluster.url;
    }
  }
  if (!url) {
    if (process.env.CI === "true") {
      throw new Error("PostgreSQL is required when CI=true: install the postgresql package or set TEST_DATABASE_URL.");
    }
    console.warn("\n[tests] No PostgreSQL found: integration tests run on SQLite only. Install postgresql to test both.\n");
  }
  project.provide("postgresUrl", url);
  return () => cluster?.stop();
}
