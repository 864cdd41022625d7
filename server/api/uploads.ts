import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { UPLOAD_LIMITS, storeImageUpload } from "../uploads/image-upload";
import { signedIn, userOf } from "./access";
import { errorBody, errorResponse, signedInErrors, jsonResponse, rateLimited } from "./errors";
import type { ApiEnv } from "./types";

const megabytes = UPLOAD_LIMITS.bytes / 1024 / 1024;
export const uploadMessages = {
  notAnImage: "Please choose a PNG, JPEG, WebP or GIF image.",
  tooLarge: `The image is larger than ${megabytes} MB. Please choose a smaller one.`,
  tooManyPixels: `The image has more than ${UPLOAD_LIMITS.maxInputPixels / 1_000_000} million pixels. Please choose a smaller one.`,
  rateLimited: "You have uploaded many images in a short time. Please wait a while and try again.",
} as const;

const upload = createRoute({
  method: "post",
  path: "/images",
  tags: ["Blog"],
  summary: `Upload an image for a post (PNG, JPEG, WebP or GIF, at most ${megabytes} MB)`,
  description:
    "The type is read from the file's bytes. The image is re-encoded as WebP (metadata removed) and scaled to fit " +
    `${UPLOAD_LIMITS.maxSide} × ${UPLOAD_LIMITS.maxSide}. Use the returned url as a post's imageUrl or in its body.`,
  ...signedIn(),
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({
            file: z
              .instanceof(File, { message: uploadMessages.notAnImage })
              .openapi({ type: "string", format: "binary", description: "The image file" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: jsonResponse(
      z
        .object({
          url: z.string().openapi({ example: "/uploads/0b6f….webp" }),
          width: z.number(),
          height: z.number(),
          bytes: z.number(),
        })
        .openapi("ImageUpload"),
      "Stored",
    ),
    400: errorResponse("No file"),
    ...signedInErrors,
    413: errorResponse(`Larger than ${megabytes} MB, or more than ${UPLOAD_LIMITS.maxInputPixels / 1_000_000} million pixels`),
    415: errorResponse("Not a PNG, JPEG, WebP or GIF image"),
    429: errorResponse("Too many uploads; see Retry-After"),
  },
});

export const uploadsRouter = new OpenAPIHono<ApiEnv>().openapi(upload, async (c) => {
  const { file } = c.req.valid("form");
  if (file.size > UPLOAD_LIMITS.bytes) return c.json(errorBody("payload_too_large", uploadMessages.tooLarge), 413);
  const result = await storeImageUpload(c.var.services, userOf(c), new Uint8Array(await file.arrayBuffer()));
  switch (result.kind) {
    case "too-large":
      return c.json(errorBody("payload_too_large", uploadMessages.tooLarge), 413);
    case "too-many-pixels":
      return c.json(errorBody("payload_too_large", uploadMessages.tooManyPixels), 413);
    case "not-an-image":
      return c.json(errorBody("unsupported_media_type", uploadMessages.notAnImage), 415);
    case "rate-limited":
      return rateLimited(c, result.retryAfterSeconds, uploadMessages.rateLimited);
    case "stored":
      return c.json({ url: result.url, width: result.width, height: result.height, bytes: result.bytes }, 201);
  }
});
