/** Search (/search, issue #6). */
export const searchTexts = {
  title: "Search questions",
  description: "Search every interview question by words in its title, answer, explanation or tags.",
  label: "Search for",
  placeholder: "e.g. closures, event loop, useEffect",
  technology: "Technology",
  kind: "Kind",
  level: "Level",
  any: "All",
  submit: "Search",
  hint: "Type a few words: every word must match, and the last may be the start of a word.",
  none: "No questions match “{query}”. Try fewer or different words, or remove a filter.",
  results: "Results for “{query}”",
  more: "More results",
  preferred: "{technology} questions come first, as you searched from their pages.",
  preferNone: "Rank every technology alike",
} as const;
