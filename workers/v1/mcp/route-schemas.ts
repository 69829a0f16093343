import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { accessNote, declaredAccess } from "../routes/v1-route";

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** What a tool needs to know about the v1 route it mirrors, read from the route itself. */
export interface RouteShape {
  method: string;
  /** OpenAPI path template, e.g. `/api/v1/conversions/{external_id}`. */
  path: string;
  params: AnyObject | null;
  query: AnyObject | null;
  body: AnyObject | null;
  /** The tool's input: the route's one request schema, or its parts side by side. */
  input: AnyObject;
  /** The JSON schema of the route's success answer; null when it answers 204. */
  output: z.ZodType | null;
  /** The operation's scope and rate-limit sentences, from its v1Route declaration. */
  access: string;
}

function jsonSchemaOf(content: unknown): z.ZodType | null {
  const schema = (content as { "application/json"?: { schema?: unknown } } | undefined)?.["application/json"]?.schema;
  return schema instanceof z.ZodType ? schema : null;
}

function objectOrNull(schema: unknown): AnyObject | null {
  return schema instanceof z.ZodObject ? (schema as AnyObject) : null;
}

/**
 * Finds the route registered under `operationId` in the app's OpenAPI registry and
 * returns its zod schemas. Throws at start-up when the operation does not exist or a
 * request part is not an object, so a renamed route cannot leave a tool behind.
 */
export function routeShape(app: OpenAPIHono<never>, operationId: string): RouteShape {
  const found = app.openAPIRegistry.definitions.find(
    (d) => d.type === "route" && d.route.operationId === operationId,
  ) as { route: RouteConfig } | undefined;
  if (!found) throw new Error(`No v1 route has operationId ${operationId}`);
  const access = declaredAccess(operationId);
  if (!access) throw new Error(`${operationId} is not declared with v1Route: its scope is unknown`);
  const { route } = found;
  const params = objectOrNull(route.request?.params);
  const query = objectOrNull(route.request?.query);
  const bodyContent = route.request?.body?.content;
  const body = bodyContent ? objectOrNull(jsonSchemaOf(bodyContent)) : null;
  if (bodyContent && !body) throw new Error(`${operationId}: the request body is not a JSON object schema`);
  const parts = [params, query, body].filter((p): p is AnyObject => p !== null);
  // One part: that very schema. Several: their fields side by side (names never clash
  // in v1: path, query and body fields are distinct).
  const input = parts.length === 1 ? parts[0] : z.object(Object.assign({}, ...parts.map((p) => p.shape)));
  const success = Object.entries(route.responses).find(([status]) => status.startsWith("2"));
  const output = success ? jsonSchemaOf((success[1] as { content?: unknown }).content) : null;
  return { method: route.method, path: route.path, params, query, body, input, output, access: accessNote(access) };
}
