import { expect, test } from "vitest";
import { selfCheckFromForm } from "./self-check-form";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

test("the form's ticked boxes become one tick per key point of each answer, unticked ones false", () => {
  const input = selfCheckFromForm(
    form([
      ["turn", "0"],
      ["points-0", "3"],
      ["tick-0", "0"],
      ["tick-0", "2"],
      ["turn", "4"],
      ["points-4", "2"],
    ]),
  );
  expect(input).toEqual({
    turns: [
      { position: 0, ticks: [true, false, true] },
      { position: 4, ticks: [false, false] },
    ],
  });
});

test("a form with no answers to check confirms an empty check", () => {
  expect(selfCheckFromForm(form([]))).toEqual({ turns: [] });
});

test("a malformed form is refused: a tick past the key points, a missing or huge count, a position that is no number", () => {
  const refused: [string, string][][] = [
    [
      ["turn", "0"],
      ["points-0", "2"],
      ["tick-0", "2"],
    ],
    [["turn", "0"]],
    [
      ["turn", "0"],
      ["points-0", "999"],
    ],
    [
      ["turn", "x"],
      ["points-x", "1"],
    ],
    [
      ["turn", "0"],
      ["points-0", "1"],
      ["tick-0", "-1"],
    ],
  ];
  for (const entries of refused) expect(selfCheckFromForm(form(entries)), JSON.stringify(entries)).toBeNull();
});
