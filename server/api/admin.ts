import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { POST_LIMITS, listPendingPosts, moderatePost } from "../blog/blog-service";
import { listContactMessages } from "../contact/contact-service";
import { requireUser, userOf } from "./access";
import type { ApiEnv } from "./types";
import { adminErrors, errorBody, errorResponse, signedInSecurity, jsonResponse, jsonBody } from "./errors";

const ContactMessage = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    created_at: z.string(),
    handled_at: z.string().nullable(),
  })
  .openapi("ContactMessageRecord");

const listMessages = createRoute({
  method: "get",
  path: "/contact-messages",
  tags: ["Admin"],
  summary: "Messages sent through the contact form, newest first (admins only)",
  security: signedInSecurity,
  request: {
    query: z.object({
      limit: z
        .string()
        .regex(/^([1-9]\d?|1\d\d|200)$/, "must be a whole number from 1 to 200")
        .optional()
        .openapi({ example: "50" }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ messages: z.array(ContactMessage) }), "The messages"),
    ...adminErrors,
  },
});

export const adminRouter = new OpenAPIHono<ApiEnv>();
adminRouter.use("*", requireUser("admin"));
adminRouter.openapi(listMessages, async (c) => {
  const rows = await listContactMessages(c.var.services, Number(c.req.valid("query").limit ?? 50));
  return c.json({ messages: rows.map(({ client_hash: _hash, ...row }) => row) }, 200);
});

const pending = createRoute({
  method: "get",
  path: "/blog/pending",
  tags: ["Admin"],
  summary: "Posts waiting for moderation, oldest first, rendered as they will appear",
  security: signedInSecurity,
  responses: {
    200: jsonResponse(
      z.object({
        posts: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            authorName: z.string(),
            html: z.string(),
            imageUrl: z.string().nullable(),
            submittedAt: z.string(),
          }),
        ),
      }),
      "The queue",
    ),
    ...adminErrors,
  },
});

const Decision = z.object({ note: z.string().trim().max(POST_LIMITS.note).optional() });

function decisionRoute(decision: "approve" | "reject") {
  return createRoute({
    method: "post",
    path: `/blog/posts/{id}/${decision}`,
    tags: ["Admin"],
    summary: decision === "approve" ? "Approve a pending post" : "Reject a pending post with a note for its author",
    security: signedInSecurity,
    request: {
      params: z.object({ id: z.string().min(1).max(120) }),
      body: jsonBody(Decision, false),
    },
    responses: {
      200: jsonResponse(z.object({ id: z.string(), status: z.string() }), "Decided"),
      400: errorResponse("A rejection needs a note"),
      ...adminErrors,
      404: errorResponse("No pending post with this id"),
    },
  });
}

adminRouter.openapi(pending, async (c) => c.json({ posts: await listPendingPosts(c.var.services) }, 200));

for (const decision of ["approve", "reject"] as const) {
  adminRouter.openapi(decisionRoute(decision), async (c) => {
    const id = c.req.valid("param").id;
    const note = c.req.valid("json")?.note || null;
    if (decision === "reject" && !note)
      return c.json(errorBody("invalid_request", "note: Tell the author why the post was rejected."), 400);
    if (!(await moderatePost(c.var.services, userOf(c), id, decision, note)))
      return c.json(errorBody("not_found", "There is no pending post with this id."), 404);
    return c.json({ id, status: decision === "approve" ? "approved" : "rejected" }, 200);
  });
}
