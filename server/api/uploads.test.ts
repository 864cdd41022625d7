import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { uploadDir } from "../uploads/image-upload";

/**
 * A valid black-and-white PNG of width × height (1 bit per pixel, all zeros): tens of kilobytes
 * on disk, gigabytes once decoded.
 */
function bombPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, no interlacing
  const pixels = zlib.deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

describe.each(testDialects())("image uploads on %s", (dialect: Dialect) => {
  let t: TestServices;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestServices(dialect);
    const r = await t.services.auth.api.signUpEmail({
      body: { name: "Ada", email: `uploader-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    cookie = r.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(() => t.close());

  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages")));

  function upload(bytes: Uint8Array | Buffer, fileName: string, type: string, withCookie = true) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], fileName, { type }));
    return app().request("/api/uploads/images", { method: "POST", body: form, headers: withCookie ? signedIn() : {} });
  }
  // A browser's request: its cookie with the Origin it always sends on a write.
  const signedIn = () => ({ Cookie: cookie, Origin: t.services.config.baseUrl });

  const storedFiles = () => fs.readdirSync(uploadDir(t.services), { withFileTypes: true }).filter((e) => e.isFile()).length;

  test("visitors cannot upload", async () => {
    const response = await upload(await solid(10, 10).png().toBuffer(), "a.png", "image/png", false);
    expect(response.status).toBe(401);
  });

  test("a large JPEG with camera metadata is scaled down, re-encoded as WebP without it, and served safely", async () => {
    const photo = await solid(3000, 2000)
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Artist: "Ada at home" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await upload(photo, "holiday.jpg", "image/jpeg");
    expect(response.status).toBe(201);
    const body = (await response.json()) as { url: string; width: number; height: number };
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect([body.width, body.height]).toEqual([1600, 1067]);

    const served = await app().request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    const image = await sharp(bytes).metadata();
    expect(image).toMatchObject({ format: "webp", width: 1600, height: 1067 });
    expect(image.exif).toBeUndefined();
    expect(bytes.includes("SecretCam")).toBe(false);

    const row = await t.services.database.db
      .selectFrom("image_upload")
      .selectAll()
      .where("name", "=", body.url.slice("/uploads/".length))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ original_format: "jpeg", width: 1600, height: 1067 });
  });

  test("PNG, WebP and animated GIF are accepted; a small image keeps its size and an animation its frames", async () => {
    const png = await upload(await solid(40, 30).png().toBuffer(), "a.png", "image/png");
    expect(png.status).toBe(201);
    expect(await png.json()).toMatchObject({ width: 40, height: 30 });
    expect((await upload(await solid(50, 50).webp().toBuffer(), "b.webp", "image/webp")).status).toBe(201);

    // Three frames of different colours (identical frames would be merged by the encoder).
    const frames = Buffer.concat([0, 120, 240].map((r) => Buffer.alloc(20 * 20 * 3, r)));
    const gif = await sharp(frames, { raw: { width: 20, height: 60, channels: 3, pageHeight: 20 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const response = await upload(gif, "anim.gif", "image/gif");
    expect(response.status).toBe(201);
    const { url, height } = (await response.json()) as { url: string; height: number };
    expect(height).toBe(20);
    const served = await app().request(url);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).pages).toBe(3);
  });

  test("the type comes from the bytes: a script or SVG named .png is refused and nothing is stored", async () => {
    const before = storedFiles();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    for (const [bytes, name] of [
      [svg, "logo.png"],
      [Buffer.from("<script>alert(1)</script>"), "pic.png"],
      [Buffer.from("GIF89a not really"), "x.gif"],
      [await solid(10, 10).tiff().toBuffer(), "scan.png"],
    ] as const) {
      const response = await upload(bytes, name, "image/png");
      expect(response.status, name).toBe(415);
      expect(await response.json()).toEqual({
        error: { code: "unsupported_media_type", message: "Please choose a PNG, JPEG, WebP or GIF image." },
      });
    }
    expect(storedFiles()).toBe(before);
  });

  test("more than 2 MB is refused with a clear message", async () => {
    const noise = Buffer.alloc(2 * 1024 * 1024 + 10, 7);
    const response = await upload(noise, "big.png", "image/png");
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "The image is larger than 2 MB. Please choose a smaller one.",
    );
  });

  test("a decompression bomb (a valid 12,000 × 12,000 PNG of under 100 kB, within sharp's own default limit) is refused before it is decoded", async () => {
    fs.mkdirSync(uploadDir(t.services), { recursive: true });
    const before = storedFiles();
    const bomb = bombPng(12_000, 12_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await sharp(bomb).metadata()).width).toBe(12_000);
    const response = await upload(bomb, "bomb.png", "image/png");
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "payload_too_large", message: "The image has more than 40 million pixels. Please choose a smaller one." },
    });
    expect(storedFiles()).toBe(before);
  });

  test("a request without a file is a 400, not a crash", async () => {
    const form = new FormData();
    form.set("file", "just text");
    const response = await app().request("/api/uploads/images", { method: "POST", body: form, headers: signedIn() });
    expect(response.status).toBe(400);
  });

  test("only names we generated are served: no paths out of the folder, no other files", async () => {
    const dir = uploadDir(t.services);
    fs.writeFileSync(path.join(dir, "notes.html"), "<script>alert(1)</script>");
    for (const probe of [
      "/uploads/notes.html",
      "/uploads/..%2Fauth-secret",
      "/uploads/%2e%2e%2fauth-secret",
      "/uploads/00000000-0000-0000-0000-000000000000.webp",
    ]) {
      expect((await app().request(probe)).status, probe).toBe(404);
    }
  });
});
