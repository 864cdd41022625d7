import { expect, test } from "vitest";
import { forwardedClient } from "./client-address";

test("the client is the hop as many from the right as there are trusted proxies; what the client wrote is ignored", () => {
  expect(forwardedClient("203.0.113.9", 1)).toBe("203.0.113.9");
  expect(forwardedClient("1.1.1.1, 203.0.113.9", 1)).toBe("203.0.113.9");
  expect(forwardedClient("1.1.1.1,203.0.113.9 , 10.0.0.2", 2)).toBe("203.0.113.9");
  // Fewer hops than proxies: the header did not come through them all, so it says nothing.
  expect(forwardedClient("203.0.113.9", 2)).toBeUndefined();
  expect(forwardedClient(undefined, 1)).toBeUndefined();
  expect(forwardedClient(" , ", 1)).toBeUndefined();
});
