import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { technologies } from "./lib/technologies";

export default [
  index("routes/home.tsx"),
  route("aboutus", "routes/about.tsx"),
  route("contactus", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("devinsights", "routes/devinsights.tsx"),
  route("devinsights/feed.xml", "routes/blog-feed.ts"),
  route("devinsights/new", "routes/blog-write.tsx", { id: "blog-new" }),
  route("devinsights/edit/:id", "routes/blog-write.tsx", { id: "blog-edit" }),
  route("devinsights/mine", "routes/blog-mine.tsx"),
  route("admin/blog", "routes/admin-blog.tsx"),
  route("blog/:id?", "routes/blog-post.tsx"),
  // Issue #6: a list and question pages per technology, at the spec's /{technology}-questions.
  ...technologies.flatMap(({ slug }) => [
    route(`${slug}-questions`, "routes/question-list.tsx", { id: `question-list-${slug}` }),
    route(`${slug}-questions/:questionId`, "routes/question-page.tsx", { id: `question-page-${slug}` }),
    route(`${slug}-questions/:questionId/solve`, "routes/challenge.tsx", { id: `challenge-${slug}` }),
  ]),
  route("search", "routes/search.tsx"),
  route("htmloverview", "routes/html-overview.tsx"),
  route("compiler", "routes/compiler.tsx"),
  route("compiler/:id", "routes/compiler-snippet.tsx"),
  route("bookmarks", "routes/bookmarks.tsx"),
  // Issue #12: practice quizzes.
  route("quizzes", "routes/quizzes.tsx"),
  route("quizzes/play/:id", "routes/quiz-play.tsx"),
  route("quizzes/history", "routes/quiz-history.tsx"),
  route("quizzes/leaderboard", "routes/quiz-leaderboard.tsx"),
  // Issue #12: live quiz rooms.
  route("quizzes/live", "routes/quiz-live.tsx"),
  route("quizzes/live/:code", "routes/quiz-live-room.tsx"),
  // Issue #13: mock interviews.
  route("interview", "routes/interview.tsx"),
  route("interview/history", "routes/interview-history.tsx"),
  route("interview/:id", "routes/interview-session.tsx"),
  route("account", "routes/account.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/popup-done", "routes/auth-popup-done.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:part", "routes/sitemap.ts", { id: "sitemap-part" }),
  // Everything else, including /404, is the not-found page with a real 404 status.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
