import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from "node:zlib";
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

test("a page that pauses mid-way (a Suspense boundary still loading) sends what it has at once, then the rest", async () => {
  const shell = `<!doctype html><title>Streaming</title>${"<p>The shell, which the reader sees first.</p>".repeat(50)}`;
  const late = "<p>The part that waited for its data.</p></html>";
  let release = () => {};
  const streamed = new Hono().get("/streamed", compressHtml(), (c) => {
    const released = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(shell));
        await released;
        controller.enqueue(new TextEncoder().encode(late));
        controller.close();
      },
    });
    return c.body(body, 200, { "Content-Type": "text/html; charset=utf-8" });
  });

  for (const [encoding, decompressor] of [
    ["br", createBrotliDecompress],
    ["gzip", createGunzip],
  ] as const) {
    const response = await streamed.request("/streamed", { headers: { "Accept-Encoding": encoding } });
    expect(response.headers.get("content-encoding")).toBe(encoding);
    const decoded: Buffer[] = [];
    const decoder = decompressor().on("data", (chunk: Buffer) => decoded.push(chunk));
    const reader = response.body!.getReader();
    // The shell arrives, decodable on its own, while the rest is still being waited for.
    while (Buffer.concat(decoded).toString() !== shell) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      decoder.write(value);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      decoder.write(value);
    }
    await new Promise((resolve) => decoder.end(resolve));
    expect(Buffer.concat(decoded).toString()).toBe(shell + late);
  }
});
