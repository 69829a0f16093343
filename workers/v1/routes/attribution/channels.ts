import type { OpenAPIHono } from "@hono/zod-openapi";
import { channelCsv } from "@shared/conversions/channel-csv";
import { ConversionChannels } from "@shared/conversions/channel-schema";
import { conversionChannels } from "@shared/conversions/conversion-channels";
import { valueOrThrow } from "@shared/errors/api-error";
import type { V1AppEnv } from "../../app-env";
import { csvAnswer, csvContent, wantsCsv } from "../traffic/csv-answer";
import { v1Route } from "../v1-route";
import { AttributionOverviewQuery } from "./schema";

const route = v1Route(
  {
    method: "get",
    path: "/api/v1/attribution/channels",
    operationId: "conversionChannels",
    tags: ["Attribution"],
    summary: "Orders and revenue by channel",
    description:
      "Every order of the period once, in one of four channels: placed by an agent through the shop's ACP or UCP checkout, got there by an agent in the browser (WebMCP), placed by a person an AI assistant referred (click id, UTM or the snippet's visit), other. Orders are joined by order id across posted conversions, the snippet's `purchase` and the collectors' agentic checkouts. Revenue per currency, with the previous period of equal length; the agentic checkouts by protocol and agent (verified or not, with cancels and failures), what agents did in the browser, and the AI referrals by evidence (docs/conversions.md \"Orders by channel\").",
    request: { query: AttributionOverviewQuery },
    responses: {
      200: {
        description:
          "The orders by channel. As CSV (Accept: text/csv) one row per channel and currency with the previous period's figures.",
        content: {
          "application/json": { schema: ConversionChannels },
          ...csvContent("one row per channel and currency"),
        },
      },
    },
  },
  { scope: "conversions:read", limit: "reads", errors: ["invalid_domain", "site_not_found"], conditional: true },
);

export function registerConversionChannels(app: OpenAPIHono<V1AppEnv>) {
  app.openapi(route, async (c) => {
    const { domain, period } = c.req.valid("query");
    const report = valueOrThrow(await conversionChannels(c.get("ctx"), { domain, period }), "query");
    if (wantsCsv(c))
      return csvAnswer(c, `orders-by-channel-${report.domain ?? "workspace"}-${period}`, channelCsv(report)) as never;
    return c.json(report, 200, { Vary: "Accept" });
  });
}
