import { expect, test } from "vitest";
import { decodeKeyset, encodeKeyset } from "./keyset";

test("a cursor round-trips its values, null where the shape allows it", () => {
  expect(decodeKeyset(encodeKeyset([null, "post-1"]), ["nullable", "string"])).toEqual([null, "post-1"]);
  expect(decodeKeyset(encodeKeyset(["000001616263", "q-1"]), ["string", "string"])).toEqual(["000001616263", "q-1"]);
});

test("anything else is no cursor: garbage, the wrong length, a null where none may be, other types", () => {
  expect(decodeKeyset("%%%not-base64", ["string"])).toBeNull();
  expect(decodeKeyset(encodeKeyset(["a"]), ["string", "string"])).toBeNull();
  expect(decodeKeyset(encodeKeyset([null, "a"]), ["string", "string"])).toBeNull();
  expect(decodeKeyset(Buffer.from(JSON.stringify([1, "a"])).toString("base64url"), ["string", "string"])).toBeNull();
  expect(decodeKeyset(Buffer.from('{"a":1}').toString("base64url"), ["string"])).toBeNull();
  expect(decodeKeyset("", ["string"])).toBeNull();
});
