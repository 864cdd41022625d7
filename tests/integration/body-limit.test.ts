import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rssMb } from "../../scripts/measure.js";
import { uploadMessages } from "../../server/api/uploads";
import { bodyLimitMessages } from "../../server/http/body-limit";
import { type AppProcess, startAppProcess } from "../support/app-processes";

/**
 * Issue #31, M-6: a 20 MB body to any route gets 413 without the server's memory growing by
 * more than 20 MB — the production build as its own process, its resident memory read from /proc.
 * Each body is sent twice: with a Content-Length (refused unread) and chunked, without one (read
 * only until it passes the limit).
 */
const MB = 1024 * 1024;
const BODY_BYTES = 20 * MB;

interface Answer {
  status: number;
  type: string;
  text: string;
}

/** POSTs `bytes` of filler in 64 kB writes; resolves with the answer, whenever it comes (the server may answer before it has it all). */
function post(base: string, pathname: string, contentType: string, bytes: number, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, base);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { "Content-Type": contentType, ...(chunked ? {} : { "Content-Length": String(bytes) }) },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, type: response.headers["content-type"] ?? "", text }));
    });
    // Once it has answered, the server may close the connection on the rest of the body.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < bytes && !request.destroyed) {
        const size = Math.min(chunk.length, bytes - sent);
        sent += size;
        if (!request.write(chunk.subarray(0, size))) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

/** The answer to a POST and the most the server's resident memory grew while it was sent and answered (sampled every 5 ms). */
async function measured(server: AppProcess, send: () => Promise<Answer>) {
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 5);
  try {
    const answer = await send();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { answer, growthMb: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

const routes = [
  {
    name: "a page's form action",
    path: "/quizzes",
    type: "application/x-www-form-urlencoded",
    api: false,
    message: bodyLimitMessages.tooLarge,
  },
  { name: "an API route", path: "/api/contact", type: "application/json", api: true, message: bodyLimitMessages.tooLarge },
  { name: "sign-in", path: "/api/auth/sign-in/email", type: "application/json", api: true, message: bodyLimitMessages.tooLarge },
  {
    name: "the image upload",
    path: "/api/uploads/images",
    type: "multipart/form-data; boundary=x",
    api: true,
    message: uploadMessages.tooLarge,
  },
];

describe("request bodies over the limit", () => {
  let server: AppProcess;

  beforeAll(async () => {
    server = await startAppProcess();
    // Each route answers a small body first, both ways (not with 413), so what is measured below is the large body alone.
    for (const route of routes) {
      for (const chunked of [false, true]) {
        const small = await post(server.base, route.path, route.type, 1024, chunked);
        expect(small.status, route.path).not.toBe(413);
        expect(small.status, route.path).toBeLessThan(500);
      }
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  for (const route of routes) {
    for (const chunked of [false, true]) {
      test(`20 MB to ${route.name} (${route.path}), ${chunked ? "chunked" : "with Content-Length"}: 413, and memory grows by less than 20 MB`, async () => {
        const { answer, growthMb } = await measured(server, () => post(server.base, route.path, route.type, BODY_BYTES, chunked));
        expect(answer.status).toBe(413);
        if (route.api) {
          expect(answer.type).toMatch(/^application\/json/);
          expect(JSON.parse(answer.text)).toEqual({ error: { code: "payload_too_large", message: route.message } });
        } else {
          expect(answer.type).toMatch(/^text\/plain/);
          expect(answer.text).toBe(route.message);
        }
        console.info(`${route.path} ${chunked ? "chunked" : "content-length"}: resident memory grew ${growthMb.toFixed(1)} MB`);
        expect(growthMb).toBeLessThan(BODY_BYTES / MB);
      });
    }
  }

  test("the server answers as before afterwards", async () => {
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });
});
