import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { cacheableFor } from "../http/page-cache";
import {
  PAGE_SIZE,
  POST_LIMITS,
  createPost,
  decodeCursor,
  findPost,
  listApprovedPosts,
  listOwnPosts,
  POST_LIMITS as LIMITS,
  POST_QUOTA,
  updateOwnPost,
} from "../blog/blog-service";
import { renderMarkdown } from "../blog/render";
import { withCodeBlocks } from "../questions/render";
import { signedIn, userOf } from "./access";
import { currentUser } from "../users/user-service";
import { errorBody, errorResponse, signedInErrors, jsonResponse, jsonBody, rateLimited } from "./errors";
import type { ApiEnv } from "./types";

export const TOO_MANY_POSTS = `You can submit at most ${POST_QUOTA.limit} posts a day. Please try again tomorrow.`;

const PostSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    authorName: z.string(),
    createdAt: z.string().nullable().openapi({ description: "ISO date; posts without one come last" }),
    imageUrl: z.string().nullable(),
    preview: z.string().openapi({ description: "The body as text, cut to 25 words and an ellipsis" }),
  })
  .openapi("PostSummary");

const Post = PostSummary.extend({ html: z.string().openapi({ description: "Sanitised HTML body" }), status: z.string() }).openapi("Post");

const list = createRoute({
  method: "get",
  path: "/posts",
  tags: ["Blog"],
  summary: "Approved posts, newest first (keyset pages)",
  request: {
    query: z.object({
      after: z.string().max(500).optional().openapi({ description: "nextCursor of the previous page" }),
      limit: z
        .string()
        .regex(/^([1-9]|[1-4]\d|50)$/, "must be a whole number from 1 to 50")
        .optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ posts: z.array(PostSummary), nextCursor: z.string().nullable() }), "One page"),
    400: errorResponse("A bad query"),
  },
});

const detail = createRoute({
  method: "get",
  path: "/posts/{id}",
  tags: ["Blog"],
  summary: "One post (pending posts only for their author and admins)",
  request: { params: z.object({ id: z.string().min(1).max(120) }) },
  responses: {
    200: jsonResponse(Post, "The post"),
    404: errorResponse("No such post, or not approved"),
  },
});

/** What a post is written as: Markdown from the web editor, or HTML from API clients. */
export const PostInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Please give the post a title.")
      .max(POST_LIMITS.title, `A title can be at most ${POST_LIMITS.title} characters.`),
    markdown: z.string().max(POST_LIMITS.body, "The post is too long.").optional(),
    html: z.string().max(POST_LIMITS.body, "The post is too long.").optional(),
    imageUrl: z
      .string()
      .regex(/^(https:\/\/\S+|\/uploads\/[\w.-]+)$/, "The cover image must be an https address or one of our uploads.")
      .nullable()
      .optional(),
  })
  .refine((p) => (p.markdown === undefined) !== (p.html === undefined), {
    message: "Send the body as markdown or as html, not both.",
    path: ["markdown"],
  })
  .refine((p) => Boolean((p.markdown ?? p.html ?? "").trim()), { message: "The post has no text.", path: ["markdown"] })
  .openapi("PostInput");

const create = createRoute({
  method: "post",
  path: "/posts",
  tags: ["Blog"],
  summary: "Submit a post (signed in); it waits for a moderator",
  ...signedIn(),
  request: { body: jsonBody(PostInputSchema) },
  responses: {
    201: jsonResponse(z.object({ id: z.string(), status: z.literal("pending") }), "Submitted"),
    400: errorResponse("A field is missing or not valid"),
    ...signedInErrors,
    429: errorResponse(`More than ${POST_QUOTA.limit} posts submitted today; see Retry-After`),
  },
});

const update = createRoute({
  method: "put",
  path: "/posts/{id}",
  tags: ["Blog"],
  summary: "Edit your own pending or rejected post and resubmit it",
  ...signedIn(),
  request: {
    params: z.object({ id: z.string().min(1).max(120) }),
    body: jsonBody(PostInputSchema),
  },
  responses: {
    200: jsonResponse(z.object({ id: z.string(), status: z.literal("pending") }), "Resubmitted"),
    400: errorResponse("A field is missing or not valid"),
    ...signedInErrors,
    403: errorResponse("Not your post"),
    404: errorResponse("No such post"),
    409: errorResponse("Approved posts cannot be edited"),
  },
});

const mine = createRoute({
  method: "get",
  path: "/my-posts",
  tags: ["Blog"],
  summary: "Your posts with their status and the moderator's note",
  ...signedIn(),
  responses: {
    200: jsonResponse(
      z.object({
        posts: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            status: z.string(),
            moderatorNote: z.string().nullable(),
            updatedAt: z.string(),
          }),
        ),
      }),
      "Your posts",
    ),
    ...signedInErrors,
  },
});

const preview = createRoute({
  method: "post",
  path: "/preview",
  tags: ["Blog"],
  summary: "Render Markdown as the post will appear (signed in)",
  ...signedIn(),
  request: {
    body: jsonBody(z.object({ markdown: z.string().max(LIMITS.body, "The post is too long.") })),
  },
  responses: {
    200: jsonResponse(z.object({ html: z.string() }), "Sanitised HTML"),
    ...signedInErrors,
  },
});

export const blogRouter = new OpenAPIHono<ApiEnv>();
// Visitors' reads of published posts are kept by the page cache until a published post changes
// ("/posts/*" matches "/posts" too: registered once, so a request is stored once).
blogRouter.use("/posts/*", cacheableFor("blog"));

blogRouter
  .openapi(preview, (c) => c.json({ html: withCodeBlocks(renderMarkdown(c.req.valid("json").markdown)) }, 200))
  .openapi(list, async (c) => {
    const { after, limit } = c.req.valid("query");
    const page = await listApprovedPosts(c.var.services, decodeCursor(after), limit ? Number(limit) : PAGE_SIZE);
    return c.json(page, 200);
  })
  .openapi(detail, async (c) => {
    const viewer = await currentUser(c.var.services, c.req.raw.headers);
    const found = await findPost(c.var.services, c.req.valid("param").id, viewer);
    if (found.kind === "not-found") return c.json(errorBody("not_found", "Blog post not found."), 404);
    if (found.kind === "not-approved") return c.json(errorBody("not_found", "This blog post is not approved or does not exist."), 404);
    return c.json(found.post, 200);
  })
  .openapi(create, async (c) => {
    const result = await createPost(c.var.services, userOf(c), c.req.valid("json"));
    if (result.kind === "rate-limited") return rateLimited(c, result.retryAfterSeconds, TOO_MANY_POSTS);
    return c.json({ id: result.id, status: "pending" as const }, 201);
  })
  .openapi(update, async (c) => {
    const id = c.req.valid("param").id;
    const result = await updateOwnPost(c.var.services, userOf(c), id, c.req.valid("json"));
    if (result === "not-found") return c.json(errorBody("not_found", "Blog post not found."), 404);
    if (result === "forbidden") return c.json(errorBody("forbidden", "You can only edit your own posts."), 403);
    if (result === "locked") return c.json(errorBody("conflict", "An approved post can no longer be edited."), 409);
    return c.json({ id, status: "pending" as const }, 200);
  })
  .openapi(mine, async (c) => {
    const rows = await listOwnPosts(c.var.services, userOf(c));
    return c.json(
      {
        posts: rows.map((r) => ({ id: r.id, title: r.title, status: r.status, moderatorNote: r.moderator_note, updatedAt: r.updated_at })),
      },
      200,
    );
  });
