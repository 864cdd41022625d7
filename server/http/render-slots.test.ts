import { Hono } from "hono";
import { expect, test } from "vitest";
import { renderSlots } from "./render-slots";

/** An app whose pages stream until the test ends them; counts the renders that have started. */
function app(limit: number) {
  const started: string[] = [];
  const finishers = new Map<string, ReadableStreamDefaultController<Uint8Array>>();
  const server = new Hono();
  server.use(renderSlots(limit));
  server.get("/fail", () => {
    started.push("fail");
    throw new Error("render failed");
  });
  server.onError((_, c) => c.text("Something went wrong on our side. Please try again.", 500));
  server.get("/:name", (c) => {
    const name = c.req.param("name");
    started.push(name);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`<p>${name}</p>`));
        finishers.set(name, controller);
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  return { server, started, end: (name: string) => finishers.get(name)!.close() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

test("a third page waits until one of the two in flight has sent its last byte, then renders", async () => {
  const { server, started, end } = app(2);
  const a = await server.request("/a");
  await server.request("/b");
  const c = server.request("/c");
  await tick();
  expect(started).toEqual(["a", "b"]);
  const reading = a.text();
  end("a");
  expect(await reading).toBe("<p>a</p>");
  const third = await c;
  expect(started).toEqual(["a", "b", "c"]);
  end("c");
  expect(await third.text()).toBe("<p>c</p>");
});

test("a reader that goes away, or a render that fails, gives its slot back", async () => {
  const { server, started } = app(1);
  const gone = await server.request("/a");
  const waiting = server.request("/fail");
  await tick();
  expect(started).toEqual(["a"]);
  await gone.body!.cancel();
  const failed = await waiting;
  expect(failed.status).toBe(500);
  expect(await failed.text()).toMatch(/^Something went wrong/);
  // Nothing holds the one slot now: the next page renders at once.
  const next = server.request("/b");
  await tick();
  expect(started).toEqual(["a", "fail", "b"]);
  await (await next).body!.cancel();
});

test("pages come in their order of arrival", async () => {
  const { server, started, end } = app(1);
  const first = await server.request("/a");
  const rest = ["b", "c", "d"].map((name) => server.request(`/${name}`));
  await tick();
  const reading = first.text();
  end("a");
  await reading;
  for (const [i, name] of ["b", "c", "d"].entries()) {
    const response = await rest[i]!;
    const text = response.text();
    end(name);
    expect(await text).toBe(`<p>${name}</p>`);
  }
  expect(started).toEqual(["a", "b", "c", "d"]);
});
