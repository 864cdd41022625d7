/** Bookmarks and progress (/bookmarks, issue #6). */
export const bookmarkTexts = {
  title: "Bookmarks and progress",
  description: "The questions you bookmarked and how far you are in each technology.",
  signedOut: "Log in to see your bookmarks and progress.",
  login: "Log in",
  progressTitle: "Progress by technology",
  bookmarksTitle: "Bookmarked questions",
  empty: "You have not bookmarked a question yet. Use “Bookmark” on any question to keep it here.",
  doneBadge: "Done",
  openList: "{technology} questions",
} as const;
