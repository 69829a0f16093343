// One workspace's orders from every source, seeded straight into D1 as the ways in store
// them (posted conversions, agentic checkouts from the collectors, the snippet's commerce
// events), for the orders-by-channel report's tests (v1, MCP, CSV, the app's pages). The
// tests state the hand counts; this file only writes rows. Times are relative to `now`:
// the current period is the last 30 days, the previous one the 30 before.

const DAY = 86_400_000;

interface Conversion {
  ref: string;
  site: string | null;
  daysAgo: number;
  value: number;
  currency: string;
  basis?: "declared_click_id" | "declared_utm" | "none";
  platform?: string;
  source?: string;
  voided?: boolean;
}

interface Checkout {
  site: string;
  protocol: "acp" | "ucp";
  checkout: string;
  order: string | null;
  outcome: "completed" | "canceled" | "failed";
  amount: number | null;
  currency: string | null;
  platform: string | null;
  agent: string | null;
  tier: string | null;
  daysAgo: number;
}

interface BrowserEvent {
  site: string;
  kind: "agent_submit" | "tool_activated" | "tool_canceled" | "purchase";
  form?: string;
  tool?: string;
  order?: string;
  value?: number;
  currency?: string;
  source?: string;
  subSource?: string | null;
  agentInSession?: 0 | 1;
  daysAgo: number;
}

/**
 * Site A and site B of the workspace:
 * - ord_a: posted 430 USD (no attribution) and completed by ChatGPT through ACP (verified);
 * - ord_b: completed through UCP by an unlisted platform (declared), 2,900 USD, never posted;
 * - cs_c canceled (2,850 USD) and cs_d failed, both ACP by ChatGPT;
 * - ord_e posted 4,990 EUR with ChatGPT Ads' click id; ord_f 1,000 EUR with utm_source chatgpt.com;
 * - ord_g: the snippet's purchase (1,500 EUR) in a visit from a ChatGPT link, and the server's
 *   post of it (1,600 EUR, no attribution);
 * - ord_h: the snippet's purchase, 1,200 JPY, in a visit where an agent submitted the cart;
 * - ord_i: posted on site B, 500 USD, no attribution;
 * - ord_j: posted 700 USD then voided, and the snippet's purchase of it;
 * - in the browser: the cart form submitted by an agent twice (addToCart), the checkout once
 *   (checkout), addToCart activated three times, checkout canceled once;
 * - previous period: ord_p posted 800 USD (other), ord_q completed through ACP 100 EUR.
 */
export async function seedChannelWorld(
  db: D1Database,
  workspaceId: string,
  sites: { a: string; b: string },
  now: number,
): Promise<void> {
  const at = (daysAgo: number) => now - daysAgo * DAY;
  const conversions: Conversion[] = [
    { ref: "ord_a", site: sites.a, daysAgo: 2, value: 430, currency: "USD" },
    {
      ref: "ord_e",
      site: sites.a,
      daysAgo: 3,
      value: 4990,
      currency: "EUR",
      basis: "declared_click_id",
      platform: "chatgpt",
      source: "paid",
    },
    {
      ref: "ord_f",
      site: sites.a,
      daysAgo: 4,
      value: 1000,
      currency: "EUR",
      basis: "declared_utm",
      platform: "chatgpt",
      source: "ai_assistant_link",
    },
    { ref: "ord_g", site: sites.a, daysAgo: 5, value: 1600, currency: "EUR" },
    { ref: "ord_i", site: sites.b, daysAgo: 6, value: 500, currency: "USD" },
    { ref: "ord_j", site: sites.a, daysAgo: 7, value: 700, currency: "USD", voided: true },
    { ref: "ord_p", site: sites.a, daysAgo: 40, value: 800, currency: "USD" },
  ];
  const checkouts: Checkout[] = [
    {
      site: sites.a,
      protocol: "acp",
      checkout: "cs_a",
      order: "ord_a",
      outcome: "completed",
      amount: 430,
      currency: "USD",
      platform: "chatgpt",
      agent: "chatgpt-user",
      tier: "verified",
      daysAgo: 2,
    },
    {
      site: sites.a,
      protocol: "ucp",
      checkout: "chk_b",
      order: "ord_b",
      outcome: "completed",
      amount: 2900,
      currency: "USD",
      platform: "other_ai",
      agent: "platform.example",
      tier: "declared",
      daysAgo: 1,
    },
    {
      site: sites.a,
      protocol: "acp",
      checkout: "cs_c",
      order: null,
      outcome: "canceled",
      amount: 2850,
      currency: "USD",
      platform: "chatgpt",
      agent: "chatgpt-user",
      tier: "verified",
      daysAgo: 1,
    },
    {
      site: sites.a,
      protocol: "acp",
      checkout: "cs_d",
      order: null,
      outcome: "failed",
      amount: null,
      currency: null,
      platform: "chatgpt",
      agent: "chatgpt-user",
      tier: "verified",
      daysAgo: 1,
    },
    {
      site: sites.a,
      protocol: "acp",
      checkout: "cs_q",
      order: "ord_q",
      outcome: "completed",
      amount: 100,
      currency: "EUR",
      platform: "chatgpt",
      agent: "chatgpt-user",
      tier: "verified",
      daysAgo: 35,
    },
  ];
  const browser: BrowserEvent[] = [
    {
      site: sites.a,
      kind: "purchase",
      order: "ord_g",
      value: 1500,
      currency: "EUR",
      source: "ai_assistant_link",
      subSource: "chatgpt",
      daysAgo: 5,
    },
    { site: sites.a, kind: "purchase", order: "ord_h", value: 1200, currency: "JPY", agentInSession: 1, daysAgo: 3 },
    { site: sites.a, kind: "purchase", order: "ord_j", value: 700, currency: "USD", daysAgo: 7 },
    { site: sites.a, kind: "agent_submit", form: "cart", tool: "addToCart", agentInSession: 1, daysAgo: 3 },
    { site: sites.a, kind: "agent_submit", form: "cart", tool: "addToCart", agentInSession: 1, daysAgo: 2 },
    { site: sites.a, kind: "agent_submit", form: "checkout", tool: "checkout", agentInSession: 1, daysAgo: 2 },
    { site: sites.a, kind: "tool_activated", tool: "addToCart", daysAgo: 3 },
    { site: sites.a, kind: "tool_activated", tool: "addToCart", daysAgo: 2 },
    { site: sites.a, kind: "tool_activated", tool: "addToCart", daysAgo: 2 },
    { site: sites.a, kind: "tool_canceled", tool: "checkout", agentInSession: 1, daysAgo: 2 },
  ];
  const statements = [
    ...conversions.map((c) =>
      db
        .prepare(
          `INSERT INTO conversions (id, workspace_id, external_id, site_id, event_name, occurred_at, recorded_at,
             value_minor, currency, attribution_basis, attributed_platform, attribution_source, voided_at)
           VALUES (?, ?, ?, ?, 'purchase', ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          crypto.randomUUID(),
          workspaceId,
          c.ref,
          c.site,
          at(c.daysAgo),
          at(c.daysAgo),
          c.value,
          c.currency,
          c.basis ?? "none",
          c.platform ?? "unattributed",
          c.source ?? "unattributed",
          c.voided ? now - 1000 : null,
        ),
    ),
    ...checkouts.map((k) =>
      db
        .prepare(
          `INSERT INTO agent_checkouts (id, workspace_id, site_id, protocol, binding, checkout_ref, order_ref, outcome,
             amount_minor, currency, platform, agent, tier, occurred_at, recorded_at)
           VALUES (?, ?, ?, ?, 'rest', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          crypto.randomUUID(),
          workspaceId,
          k.site,
          k.protocol,
          k.checkout,
          k.order,
          k.outcome,
          k.amount,
          k.currency,
          k.platform,
          k.agent,
          k.tier,
          at(k.daysAgo),
          at(k.daysAgo),
        ),
    ),
    ...browser.map((e, i) =>
      db
        .prepare(
          `INSERT INTO browser_commerce (event_id, workspace_id, site_id, session_id, kind, form, tool, order_ref,
             value_minor, currency, session_source, session_sub_source, session_platform, session_tier,
             agent_in_session, occurred_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
        )
        .bind(
          `ev_${workspaceId}_${i}`,
          workspaceId,
          e.site,
          `session_${i}`,
          e.kind,
          e.form ?? null,
          e.tool ?? null,
          e.order ?? null,
          e.value ?? null,
          e.currency ?? null,
          e.source ?? "direct",
          e.subSource ?? null,
          e.agentInSession ?? 0,
          at(e.daysAgo),
        ),
    ),
  ];
  await db.batch(statements);
}
