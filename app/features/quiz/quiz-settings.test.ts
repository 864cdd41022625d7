import { expect, test } from "vitest";
import { DEFAULT_SETTINGS, settingsFromForm, settingsFromQuery, settingsSearch } from "./quiz-settings";

const form = (entries: Record<string, string>) => new URLSearchParams(entries);

test("a link that names only the technology preselects it and keeps the other defaults", () => {
  expect(settingsFromQuery(new URLSearchParams("technology=react"))).toEqual({ ...DEFAULT_SETTINGS, technology: "react" });
});

test("unknown values in an address fall back to the defaults instead of failing", () => {
  expect(settingsFromQuery(new URLSearchParams("technology=cobol&level=guru&count=7&time=5"))).toEqual(DEFAULT_SETTINGS);
});

test("a submitted form is read exactly, untimed included", () => {
  expect(settingsFromForm(form({ technology: "dbms", level: "expert", count: "20", time: "untimed" }))).toEqual({
    technology: "dbms",
    level: "expert",
    questionCount: 20,
    secondsPerQuestion: null,
  });
  expect(settingsFromForm(form({ technology: "mixed", level: "all", count: "10", time: "60" }))?.secondsPerQuestion).toBe(60);
});

test("a form with a missing or made-up field is refused", () => {
  const good = { technology: "css", level: "beginner", count: "10", time: "30" };
  expect(settingsFromForm(form(good))).not.toBeNull();
  for (const [name, bad] of [
    ["technology", "cobol"],
    ["level", "all-levels"],
    ["count", "15"],
    ["time", "45"],
  ] as const) {
    expect(settingsFromForm(form({ ...good, [name]: bad })), name).toBeNull();
    const { [name]: _dropped, ...rest } = good;
    expect(settingsFromForm(form(rest)), `${name} missing`).toBeNull();
  }
});

test("settings survive a round trip through the address", () => {
  const settings = { technology: "next-js", level: "advance", questionCount: 20, secondsPerQuestion: null } as const;
  expect(settingsFromQuery(new URLSearchParams(settingsSearch(settings)))).toEqual(settings);
  expect(settingsFromForm(new URLSearchParams(settingsSearch(settings)))).toEqual(settings);
});
