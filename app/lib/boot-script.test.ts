import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { bootScript } from "./site";

// jsdom (a dev dependency) ships no types; only its constructor is used here.
type TestWindow = Window & typeof globalThis & { eval(code: string): unknown };
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string, options: { url: string; runScripts: "outside-only" }) => { window: TestWindow };
};

/** A page with the boot script run in it, as the browser runs it before first paint. */
function page({ cookie = "", signedIn = false, body = "" } = {}) {
  const dom = new JSDOM(`<!doctype html><html${signedIn ? ' data-signed-in="true"' : ""}><body>${body}</body></html>`, {
    url: "http://localhost/",
    runScripts: "outside-only",
  });
  for (const pair of cookie.split("; ").filter(Boolean)) dom.window.document.cookie = pair;
  const alert = vi.fn();
  dom.window.alert = alert;
  dom.window.eval(bootScript("devpreps"));
  return { dom, alert, html: dom.window.document.documentElement };
}

describe("the boot script", () => {
  it("marks the page as scripted, and consent as given whatever the cookie's place", () => {
    expect(page().html.dataset.js).toBe("");
    expect(page().html.dataset.consent).toBeUndefined();
    expect(page({ cookie: "devpreps=true" }).html.dataset.consent).toBe("given");
    expect(page({ cookie: "theme=1; devpreps=true" }).html.dataset.consent).toBe("given");
    expect(page({ cookie: "notdevpreps=true" }).html.dataset.consent).toBeUndefined();
  });

  it("gives a visitor the login gate's alert instead of the link, and leaves a signed-in reader's link alone", () => {
    const gated = '<a href="/javascript-questions" data-login-gate="Please log in first."><span>Card</span></a>';
    const visitor = page({ body: gated });
    const click = () => {
      const event = new visitor.dom.window.MouseEvent("click", { bubbles: true, cancelable: true });
      visitor.dom.window.document.querySelector("span")!.dispatchEvent(event);
      return event;
    };
    expect(click().defaultPrevented).toBe(true);
    expect(visitor.alert).toHaveBeenCalledWith("Please log in first.");

    const reader = page({ body: gated, signedIn: true });
    const event = new reader.dom.window.MouseEvent("click", { bubbles: true, cancelable: true });
    reader.dom.window.document.querySelector("span")!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(reader.alert).not.toHaveBeenCalled();
  });
});
