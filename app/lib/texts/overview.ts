/** HTML overview (/htmloverview, issue #7). */
export const overviewTexts = {
  contents: "Contents",
  tryIt: "Try it",
  run: "Run",
  reset: "Reset",
  editorLabel: "Example for {section}",
  next: "Next: {section}",
  backToTop: "Back to the contents",
  example: "Example",
  unavailable: "The HTML overview is not available right now. Please try again later.",
} as const;
