import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { listContactMessages } from "../contact/contact-service";
import { requireUser } from "./access";
import type { ApiEnv } from "./types";
import { errorResponse } from "./errors";

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
  security: [{ session: [] }, { bearer: [] }] as const,
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
    200: { content: { "application/json": { schema: z.object({ messages: z.array(ContactMessage) }) } }, description: "The messages" },
    401: errorResponse("Not signed in"),
    403: errorResponse("Signed in, but not an administrator"),
  },
});

export const adminRouter = new OpenAPIHono<ApiEnv>();
adminRouter.use("*", requireUser("admin"));
adminRouter.openapi(listMessages, async (c) => {
  const rows = await listContactMessages(c.var.services, Number(c.req.valid("query").limit ?? 50));
  return c.json({ messages: rows.map(({ client_hash: _hash, ...row }) => row) }, 200);
});
