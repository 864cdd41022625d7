import { expect, test } from "vitest";
import { SELECTION_KEYS, defaultSelection, readSelection, writeSelection } from "./selection";

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

test("nothing stored means card 1 and List 1", () => {
  expect(readSelection(memoryStorage())).toEqual(defaultSelection);
});

test("a stored card and list are read back", () => {
  const storage = memoryStorage();
  writeSelection(storage, { selectedCard: 3, selectedSubCard: "List 2" });
  expect(storage.getItem(SELECTION_KEYS.card)).toBe("3");
  expect(readSelection(storage)).toEqual({ selectedCard: 3, selectedSubCard: "List 2" });
});

test("out-of-range values fall back to the defaults", () => {
  expect(readSelection(memoryStorage({ selectedCard: "7", selectedSubCard: "List 9" }))).toEqual(defaultSelection);
});
