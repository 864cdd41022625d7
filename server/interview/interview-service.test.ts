import { expect, test } from "vitest";
import { matchOutput } from "./interview-service";

test("a console answer's output is its first lines, compared line by line in order", () => {
  const expected = "1\n2\n3";
  expect(matchOutput(expected, "1\n2\n3\n\nBecause the loop logs each value.")).toMatchObject({ matchedLines: 3, totalLines: 3 });
  // A line missed in the middle costs that line only.
  expect(matchOutput(expected, "1\n3\n\nwhy")).toMatchObject({ matchedLines: 2 });
  // Listing every guess earns nothing beyond the lines the output has.
  expect(matchOutput(expected, "undefined\nnull\n0\n1\n2\n3\ntrue")).toMatchObject({ matchedLines: 0 });
  // Spacing and a quote or backtick around a whole line do not matter, on either side.
  expect(matchOutput('"x"\nHello  "World"', 'x\n`Hello "World"`')).toMatchObject({ matchedLines: 2, totalLines: 2 });
  expect(matchOutput(expected, "")).toMatchObject({ matchedLines: 0, totalLines: 3 });
});
