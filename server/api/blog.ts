import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { PAGE_SIZE, decodeCursor, findPost, listApprovedPosts } from "../blog/blog-service";
import { currentUser } from "../users/user-service";
import { errorBody, errorResponse } from "./errors";
import type { ApiEnv } from "./types";

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
    200: {
      content: { "application/json": { schema: z.object({ posts: z.array(PostSummary), nextCursor: z.string().nullable() }) } },
      description: "One page",
    },
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
    200: { content: { "application/json": { schema: Post } }, description: "The post" },
    404: errorResponse("No such post, or not approved"),
  },
});

export const blogRouter = new OpenAPIHono<ApiEnv>()
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
  });
