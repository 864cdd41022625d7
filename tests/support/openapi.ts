/** The operations in our OpenAPI document (GET /api/openapi.json), for tests that visit them all. */

export interface ApiParameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
}

export interface ApiOperation {
  method: string;
  /** As the document has it, with {placeholders}: `/api/blog/posts/{id}`. */
  path: string;
  parameters: ApiParameter[];
  /** The JSON body's property names; null when the operation takes no body. */
  bodyKeys: string[] | null;
  /** What the document promises: anyone, only signed-in callers, or either (a room's player). */
  access: "anyone" | "signed-in" | "optional";
}

interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: ApiParameter[];
        requestBody?: { content: Record<string, { schema?: Schema }> };
        security?: Record<string, unknown>[];
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

export function apiOperations(document: unknown): ApiOperation[] {
  const doc = document as OpenApiDocument;
  const resolve = (schema: Schema | undefined) => (schema?.$ref ? doc.components?.schemas?.[schema.$ref.split("/").at(-1)!] : schema);
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      bodyKeys: op.requestBody ? Object.keys(resolve(Object.values(op.requestBody.content)[0]?.schema)?.properties ?? {}) : null,
      access: !op.security ? "anyone" : op.security.some((s) => Object.keys(s).length === 0) ? "optional" : "signed-in",
    })),
  );
}
