import { describe, expect, expectTypeOf, it } from "vitest";
import { Collector } from "../../collectors/node/src/collector";
import { withAgenticCheckout, withAgentReadiness } from "../../collectors/node/src/next";

// Next.js is not installed. These classes have the shape of `next/server`'s own (Next 16:
// NextRequest extends Request with `cookies` and `nextUrl`; NextResponse extends
// Response; NextFetchEvent has `waitUntil` and `sourcePage`), so a strict project's
// middleware typed with them is checked here by `npm run typecheck` (tsconfig.node.json
// includes test/collectors). With the adapter's parameter fixed to its own shape, the
// `withAgentReadiness(…, middleware)` line below failed with TS2345 ("… is missing the
// following properties … cookies, nextUrl").
class RequestCookies {
  get(name: string): { name: string; value: string } | undefined {
    return name ? undefined : undefined;
  }
}
class NextURL extends URL {
  get basePath(): string {
    return "";
  }
}
class NextRequest extends Request {
  readonly cookies = new RequestCookies();
  readonly nextUrl: NextURL;
  constructor(input: string, init?: RequestInit) {
    super(input, init);
    this.nextUrl = new NextURL(input);
  }
}
class NextResponse extends Response {
  static next(): NextResponse {
    return new NextResponse(null, { headers: { "x-middleware-next": "1" } });
  }
}
interface NextFetchEvent {
  sourcePage: string;
  waitUntil(promise: Promise<unknown>): void;
}

// A project's own proxy.ts / middleware.ts, as strictly typed as Next's docs write it.
function proxy(request: NextRequest, _event: NextFetchEvent): NextResponse | undefined {
  if (request.nextUrl.pathname === "/old")
    return NextResponse.redirect("https://shop.example/new", 308) as NextResponse;
  return request.cookies.get("x") ? NextResponse.next() : undefined;
}

// A route handler of Next 15+: the dynamic params come as a promise.
async function POST(request: NextRequest, context: { params: Promise<{ id: string }> }): Promise<NextResponse> {
  const { id } = await context.params;
  return new NextResponse(JSON.stringify({ id, url: request.nextUrl.pathname }));
}

describe("the Next.js adapter's types", () => {
  it("takes a middleware typed with NextRequest and keeps its types", async () => {
    const collector = new Collector({ endpoint: "http://127.0.0.1:9", key: "k", flushIntervalMs: 0 });
    const wrapped = withAgentReadiness(collector, proxy);
    expectTypeOf(wrapped).parameter(0).toEqualTypeOf<NextRequest>();
    expectTypeOf(wrapped).parameter(1).toEqualTypeOf<NextFetchEvent>();
    expectTypeOf(wrapped).returns.resolves.toEqualTypeOf<NextResponse | undefined>();
    const waited: Promise<unknown>[] = [];
    const answer = await wrapped(new NextRequest("https://shop.example/old"), {
      sourcePage: "/middleware",
      waitUntil: (p) => void waited.push(p),
    });
    expect(answer?.status).toBe(308);
    // Without a middleware, any request shape with method, url and headers.
    expectTypeOf(withAgentReadiness(collector)).parameter(0).toHaveProperty("url");

    const route = withAgenticCheckout(collector, POST);
    expectTypeOf(route).parameters.toEqualTypeOf<[NextRequest, { params: Promise<{ id: string }> }]>();
    const res = await route(new NextRequest("https://shop.example/checkout_sessions/cs_1"), {
      params: Promise.resolve({ id: "cs_1" }),
    });
    expect(await res.json()).toEqual({ id: "cs_1", url: "/checkout_sessions/cs_1" });
    await collector.close(0);
  });
});
