import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { CONTACT_RATE, CONTACT_RATE_MESSAGE, contactInput, submitContactMessage } from "../contact/contact-service";
import { clientKey } from "../http/client-address";
import { errorResponse, jsonResponse, jsonBody, rateLimited } from "./errors";
import type { ApiEnv } from "./types";

const ContactRequest = contactInput.openapi("ContactMessage", {
  example: { name: "Ada Lovelace", email: "ada@example.com", message: "Do you have questions on Node streams?" },
});

const route = createRoute({
  method: "post",
  path: "/",
  tags: ["Contact"],
  summary: "Send a message to the team",
  description: `Stores the message for the team. At most ${CONTACT_RATE.limit} messages per client in ${CONTACT_RATE.windowMs / 60000} minutes.`,
  request: { body: jsonBody(ContactRequest) },
  responses: {
    201: jsonResponse(z.object({ id: z.string() }).openapi("ContactReceipt"), "The message was stored"),
    400: errorResponse("A field is missing, too long or not valid"),
    429: errorResponse("Too many messages from this client; see Retry-After"),
  },
});

export const contactRouter = new OpenAPIHono<ApiEnv>().openapi(route, async (c) => {
  const { services } = c.var;
  const client = clientKey(c, services);
  const result = await submitContactMessage(services, c.req.valid("json"), client);
  if (!result.ok) return rateLimited(c, result.retryAfterSeconds, CONTACT_RATE_MESSAGE);
  return c.json({ id: result.id }, 201);
});
