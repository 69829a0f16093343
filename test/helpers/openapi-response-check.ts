import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

// Checks a real response against an OpenAPI 3.1 document the way a validating proxy
// (Stoplight Prism's proxy mode) does: the operation found by method and path, the
// response by status (exact, then `4XX`-style range, then `default`), the media type
// by Content-Type, the JSON body by the response schema (JSON Schema 2020-12, the
// dialect OpenAPI 3.1 uses), and the declared headers by theirs.
// https://docs.stoplight.io/docs/prism/ (Prism "Validation Proxy").

interface Operation {
  responses?: Record<string, DocResponse>;
}
interface DocResponse {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean; schema?: { type?: string } }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

export interface RealResponse {
  method: string;
  /** Path and query, or a full URL. */
  url: string;
  status: number;
  headers: Headers;
  body: string;
}

/** One line per disagreement; empty when the response matches. */
export type Violations = string[];

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/** `/api/v1/sites/{site_id}` as a pattern over a concrete path. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

export class OpenApiResponseCheck {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp; literal: number }>;

  constructor(private readonly doc: Document) {
    // strict off: OpenAPI keeps `example` beside JSON Schema keywords.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, "openapi");
    // A literal segment wins over a template one (`/sites/check-install` over `/sites/{site_id}`).
    this.templates = Object.keys(doc.paths)
      .map((template) => ({
        template,
        pattern: templatePattern(template),
        literal: template.replace(/\{[^}]+\}/g, "").length,
      }))
      .sort((a, b) => b.literal - a.literal);
  }

  /** The operation answering `method path`, or null when the document has none (a proxy would not forward it). */
  operationOf(method: string, url: string): { template: string; method: string; operation: Operation } | null {
    const path = new URL(url, "http://document.local").pathname;
    // HEAD is answered as GET without a body (RFC 9110 9.3.2).
    const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
    for (const { template, pattern } of this.templates) {
      const operation = this.doc.paths[template][verb];
      if (operation && pattern.test(path)) return { template, method: verb, operation };
    }
    return null;
  }

  /** Violations of `res` against the document; null when no operation of the document answers it. */
  check(res: RealResponse): Violations | null {
    const found = this.operationOf(res.method, res.url);
    if (!found) return null;
    const where = `${res.method.toUpperCase()} ${found.template} -> ${res.status}`;
    const responses = found.operation.responses ?? {};
    const key = [String(res.status), `${String(res.status)[0]}XX`, "default"].find((k) => k in responses);
    if (!key)
      return [`${where}: status ${res.status} is not declared (declared: ${Object.keys(responses).join(", ")})`];
    const declared = responses[key];
    const violations: Violations = [];

    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) violations.push(`${where}: required header ${name} is missing`);
        continue;
      }
      const type = header.schema?.type;
      if ((type === "integer" && !/^-?\d+$/.test(value)) || (type === "number" && !Number.isFinite(Number(value))))
        violations.push(`${where}: header ${name} is ${JSON.stringify(value)}, not ${type}`);
    }

    const hasBody = res.method.toUpperCase() !== "HEAD" && res.body.length > 0;
    const content = declared.content;
    if (!content) {
      if (hasBody) violations.push(`${where}: a body is sent but the response declares no content`);
      return violations;
    }
    if (res.method.toUpperCase() === "HEAD") return violations;
    const mediaType = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!(mediaType in content)) {
      violations.push(
        `${where}: Content-Type ${mediaType || "(none)"} is not declared (${Object.keys(content).join(", ")})`,
      );
      return violations;
    }
    if (!/^application\/([a-z.+-]+\+)?json$/.test(mediaType) || content[mediaType].schema === undefined)
      return violations;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...violations, `${where}: the body is not JSON`];
    }
    const validate = this.validator(found.template, found.method, key, mediaType);
    if (!validate(body)) {
      for (const e of validate.errors ?? [])
        violations.push(`${where}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    }
    return violations;
  }

  /** Validates any value against a named component schema (`#/components/schemas/<name>`). */
  validateComponent(name: string, value: unknown): Violations {
    const validate = this.compile(`openapi#/components/schemas/${escapePointer(name)}`);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${name}${e.instancePath} ${e.message}`);
  }

  private validator(template: string, method: string, status: string, mediaType: string): ValidateFunction {
    const pointer = ["paths", template, method, "responses", status, "content", mediaType, "schema"]
      .map(escapePointer)
      .join("/");
    return this.compile(`openapi#/${pointer}`);
  }

  private compile(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
