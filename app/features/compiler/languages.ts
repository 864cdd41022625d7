import { compilerTexts as t, fill } from "~/lib/texts";
import type { Language } from "../runner/prepare";

/** The languages the live compiler offers, in the order of its menu. */
export const COMPILER_LANGUAGES: readonly Language[] = ["javascript", "typescript", "html", "python", "sql"];

/** The page's introduction, naming every language on offer (never a hard-coded subset). */
export function compilerDescription(): string {
  const names = new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(
    COMPILER_LANGUAGES.map((language) => t.languageNames[language]),
  );
  return fill(t.description, { languages: names });
}
