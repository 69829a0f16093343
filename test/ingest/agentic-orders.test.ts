import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { acceptedServerEvents, seedSite, setFixture } from "./helpers";
import { chatgptSigner, signatureHeaders } from "./signer";

// Order records (`POST /api/v1/events` records with `order`, as the collectors send them):
// each checkout stored once with its strongest outcome, the agent identified and
// verified as every request is, nothing queued as a page view.

interface CheckoutRow {
  protocol: string;
  binding: string;
  checkout_ref: string;
  order_ref: string | null;
  outcome: string;
  amount_minor: number | null;
  currency: string | null;
  platform: string | null;
  agent: string | null;
  tier: string | null;
}

async function checkouts(siteId: string): Promise<CheckoutRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT protocol, binding, checkout_ref, order_ref, outcome, amount_minor, currency, platform, agent, tier FROM agent_checkouts WHERE site_id = ? ORDER BY protocol, checkout_ref",
  )
    .bind(siteId)
    .all<CheckoutRow>();
  return results;
}

const CHATGPT_UA =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot";

describe("agentic order records", () => {
  it("stores each checkout once with its strongest outcome; a signed ChatGPT call is verified", async () => {
    const site = await seedSite("orders.example");
    const signer = await chatgptSigner();
    await setFixture("chatgpt.com/.well-known/http-message-signatures-directory", {
      status: 200,
      // A directory is served with its media type, or it is none (Web Bot Auth draft -01).
      headers: { "Content-Type": "application/http-message-signatures-directory+json" },
      body: JSON.stringify({ keys: [{ ...signer.jwk, kid: signer.keyid }] }),
    });
    const now = Date.now();
    const signed = await signatureHeaders(signer, "orders.example", '"https://chatgpt.com"', now);
    const record = (order: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
      timestamp: now - 1_000,
      domain: "orders.example",
      path: `/checkout_sessions/${order.checkout_id}/complete`,
      method: "POST",
      status: 200,
      user_agent: CHATGPT_UA,
      ip: "198.51.100.20",
      referer: null,
      headers: signed,
      order,
      ...over,
    });
    const completedA = {
      protocol: "acp",
      binding: "rest",
      outcome: "completed",
      checkout_id: "cs_a",
      order_id: "ord_a",
      amount_minor: 430,
      currency: "usd",
    };
    const result = await acceptedServerEvents(
      site.workspaceId,
      [
        record(completedA),
        // The same record again (a redelivered batch): nothing changes.
        record(completedA),
        // A failure after the completion (a retry's 409): the completion stays.
        record({ protocol: "acp", binding: "rest", outcome: "failed", checkout_id: "cs_a" }, { status: 409 }),
        // A failure, then the completion: one completed order.
        record(
          {
            protocol: "ucp",
            binding: "mcp",
            outcome: "failed",
            checkout_id: "chk_b",
            amount_minor: 2900,
            currency: "USD",
          },
          {
            path: "/mcp",
            headers: { "ucp-agent": 'profile="https://platform.example/profile"' },
            user_agent: "PlatformExample/1.0",
          },
        ),
        record(
          {
            protocol: "ucp",
            binding: "mcp",
            outcome: "completed",
            checkout_id: "chk_b",
            order_id: "ord_b",
            amount_minor: 2900,
            currency: "USD",
          },
          {
            path: "/mcp",
            headers: { "ucp-agent": 'profile="https://platform.example/profile"' },
            user_agent: "PlatformExample/1.0",
          },
        ),
        // A cancel, then a failure on the canceled session: canceled stays.
        record({
          protocol: "acp",
          binding: "rest",
          outcome: "canceled",
          checkout_id: "cs_c",
          amount_minor: 2850,
          currency: "USD",
        }),
        record({ protocol: "acp", binding: "rest", outcome: "failed", checkout_id: "cs_c" }, { status: 405 }),
        // An HTTP library's User-Agent: the order still happened, no AI platform is claimed.
        record(
          {
            protocol: "acp",
            binding: "rest",
            outcome: "completed",
            checkout_id: "cs_d",
            order_id: "ord_d",
            amount_minor: 100,
            currency: "EUR",
          },
          { user_agent: "curl/8.5.0", headers: undefined },
        ),
        // Refused: not a currency; a foreign site; a malformed order.
        record({ protocol: "acp", binding: "rest", outcome: "completed", checkout_id: "cs_e", currency: "zzz" }),
        record(completedA, { domain: "elsewhere.example" }),
        record({ protocol: "acp", outcome: "completed", checkout_id: "cs_f" }),
        // A page record in the same batch is an event as before.
        {
          timestamp: now,
          domain: "orders.example",
          path: "/products/1",
          method: "GET",
          status: 200,
          user_agent: CHATGPT_UA,
        },
      ],
      now,
    );
    expect(result.results.map((r) => (r.status === "rejected" ? r.error.code : r.status))).toEqual([
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "accepted",
      "invalid_request",
      "site_not_found",
      "invalid_request",
      "accepted",
    ]);
    expect(result).toMatchObject({ received: 12, accepted: 9, rejected: 3 });
    expect(await checkouts(site.id)).toEqual([
      {
        protocol: "acp",
        binding: "rest",
        checkout_ref: "cs_a",
        order_ref: "ord_a",
        outcome: "completed",
        amount_minor: 430,
        currency: "USD",
        platform: "chatgpt",
        agent: "chatgpt-user",
        tier: "verified",
      },
      {
        protocol: "acp",
        binding: "rest",
        checkout_ref: "cs_c",
        order_ref: null,
        outcome: "canceled",
        amount_minor: 2850,
        currency: "USD",
        platform: "chatgpt",
        agent: "chatgpt-user",
        tier: "verified",
      },
      {
        protocol: "acp",
        binding: "rest",
        checkout_ref: "cs_d",
        order_ref: "ord_d",
        outcome: "completed",
        amount_minor: 100,
        currency: "EUR",
        platform: null,
        agent: null,
        tier: null,
      },
      {
        protocol: "ucp",
        binding: "mcp",
        checkout_ref: "chk_b",
        order_ref: "ord_b",
        outcome: "completed",
        amount_minor: 2900,
        currency: "USD",
        platform: "other_ai",
        agent: "platform.example",
        tier: "declared",
      },
    ]);
  });
});
