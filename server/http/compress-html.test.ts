import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { expect, test } from "vitest";
import { compressHtml } from "./compress-html";

const page = `<!doctype html><title>Questions</title>${"<li>A question and its answer</li>".repeat(200)}`;
const app = new Hono().get("/page", compressHtml(), (c) => c.html(page)).get("/data", compressHtml(), (c) => c.json({ page }));

test("pages go compressed to clients that accept it (Brotli first), and nothing else is touched", async () => {
  const brotli = await app.request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  expect(brotli.headers.get("content-encoding")).toBe("br");
  expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
  const brBytes = Buffer.from(await brotli.arrayBuffer());
  expect(brBytes.length).toBeLessThan(page.length / 5);
  expect(brotliDecompressSync(brBytes).toString()).toBe(page);

  const compressed = await app.request("/page", { headers: { "Accept-Encoding": "gzip, deflate" } });
  expect(compressed.headers.get("content-encoding")).toBe("gzip");
  const bytes = Buffer.from(await compressed.arrayBuffer());
  expect(bytes.length).toBeLessThan(page.length / 5);
  expect(gunzipSync(bytes).toString()).toBe(page);

  const plain = await app.request("/page");
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toBe(page);
  const json = await app.request("/data", { headers: { "Accept-Encoding": "gzip" } });
  expect(json.headers.get("content-encoding")).toBeNull();
});
