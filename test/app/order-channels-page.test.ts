import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvCell } from "../../shared/encoding/csv";
import { lastCompleteWeek } from "../../shared/notifications/weekly-report";
import { notifyJob } from "../../workers/app/jobs";
import { keptMail } from "../helpers/local-mailbox";
import { seedChannelWorld } from "../helpers/order-channels-world";
import { seedSite } from "../helpers/seed";
import { FormClient, uniqueEmail } from "./form-client";

// The orders-by-channel report on the app's pages (Conversions: the whole report and its
// CSV download; a site's dashboard and the Overview: the channel table of their window),
// against hand counts of
// the seeded world (test/helpers/order-channels-world.ts lists every order).

/** The text of the element holding `attr="value"`, tags removed. */
function cellText(html: string, attr: string, value: string, label: string): string {
  const row = new RegExp(`<tr[^>]*${attr}="${value}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1];
  if (!row) throw new Error(`no row ${attr}=${value}`);
  const cell = new RegExp(`<td data-label="${label}"[^>]*>([\\s\\S]*?)</td>`).exec(row)?.[1] ?? "";
  return cell
    .replace(/<br\s*\/?>/g, " | ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

async function ownerWithWorld() {
  const owner = new FormClient();
  await owner.signUp(uniqueEmail("channels"));
  await owner.get("/app");
  const workspaceId = owner.workspace as string;
  const a = (await seedSite(env.DB, { workspaceId, domain: "channels-page-a.example" })).id;
  const b = (await seedSite(env.DB, { workspaceId, domain: "channels-page-b.example" })).id;
  await seedChannelWorld(env.DB, workspaceId, { a, b }, Date.now());
  return owner;
}

describe("orders by channel in the app", () => {
  it("the Conversions page shows each channel's orders and revenue as counted by hand, and its CSV says the same", async () => {
    const owner = await ownerWithWorld();
    const page = await owner.get("/app/conversions?period=30d");
    expect(page.status).toBe(200);
    const html = page.html;
    // By hand (see the world's list): agents placed ord_a (430 USD) and ord_b (2,900 USD);
    // an agent in the browser got ord_h (1,200 JPY); AI assistants referred ord_e, ord_f, ord_g
    // (4,990 + 1,000 + 1,600 EUR); other: ord_i (500 USD). Previous period: ord_q 100 EUR
    // (an agent), ord_p 800 USD (other).
    expect(cellText(html, "data-channel", "agent_checkout", "Channel")).toBe("Orders placed by agents");
    expect(cellText(html, "data-channel", "agent_checkout", "Orders")).toBe("2");
    expect(cellText(html, "data-channel", "agent_checkout", "Revenue")).toBe("33.30 USD");
    expect(cellText(html, "data-channel", "agent_checkout", "Previous period: orders")).toBe("1");
    expect(cellText(html, "data-channel", "agent_checkout", "Previous period: revenue")).toBe("1.00 EUR");
    expect(cellText(html, "data-channel", "agent_browser", "Orders")).toBe("1");
    expect(cellText(html, "data-channel", "agent_browser", "Revenue")).toBe("1,200 JPY");
    expect(cellText(html, "data-channel", "ai_referral", "Channel")).toBe(
      "Orders by people referred by an AI assistant",
    );
    expect(cellText(html, "data-channel", "ai_referral", "Orders")).toBe("3");
    expect(cellText(html, "data-channel", "ai_referral", "Revenue")).toBe("75.90 EUR");
    expect(cellText(html, "data-channel", "other", "Orders")).toBe("1");
    expect(cellText(html, "data-channel", "other", "Revenue")).toBe("5.00 USD");
    expect(cellText(html, "data-channel", "other", "Previous period: revenue")).toBe("8.00 USD");
    // The checkouts by protocol and by agent: ACP 1 completed, 1 canceled, 1 failed; UCP 1 completed.
    expect(cellText(html, "data-protocol", "acp", "Completed")).toBe("1");
    expect(cellText(html, "data-protocol", "acp", "Canceled")).toBe("1");
    expect(cellText(html, "data-protocol", "acp", "Failed")).toBe("1");
    expect(cellText(html, "data-protocol", "ucp", "Revenue")).toBe("29.00 USD");
    expect(cellText(html, "data-agent", "chatgpt-user", "Agent")).toBe("ChatGPT (ChatGPT-User), verified");
    expect(cellText(html, "data-agent", "platform.example", "Agent")).toBe("Other AI (platform.example), declared");
    // In the browser: the cart twice, the checkout once.
    expect(html).toMatch(/data-metric="carts_submitted">\s*Carts: 2 \(previous period 0\)/);
    expect(html).toMatch(/data-metric="checkouts_submitted">\s*Checkouts: 1 \(previous period 0\)/);
    expect(cellText(html, "data-tool", "addToCart", "Filled in by an agent")).toBe("3");
    // No code left on the page for a person to decode.
    expect(html).not.toMatch(/>agent_checkout<|>ai_referral<|>acp<|>declared_click_id</);

    const link = /href="([^"]+)" download="" data-csv="channels"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(link).toMatch(/\/conversions\/csv\/channels\?period=30d$/);
    const csv = await owner.get(link as string);
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.html).map((r) => r.map(readCsvCell))).toEqual([
      ["channel", "name", "currency", "conversions", "value_minor", "previous_conversions", "previous_value_minor"],
      ["agent_checkout", "Orders placed by agents", "USD", "2", "3330", "0", "0"],
      ["agent_checkout", "Orders placed by agents", "EUR", "0", "0", "1", "100"],
      [
        "agent_browser",
        "Orders where an agent in the browser submitted the cart or checkout",
        "JPY",
        "1",
        "1200",
        "0",
        "0",
      ],
      ["ai_referral", "Orders by people referred by an AI assistant", "EUR", "3", "7590", "0", "0"],
      ["other", "Other orders", "USD", "1", "500", "1", "800"],
    ]);
  });

  it("a site's dashboard shows that site's channels over its window, against the window before", async () => {
    const owner = await ownerWithWorld();
    const page = await owner.get("/app/sites/channels-page-a.example/traffic?period=30d");
    expect(page.status).toBe(200);
    // Site A's last 30 days, by hand: ord_a, ord_b (agents; 430 + 2,900 USD), ord_h (browser,
    // 1,200 JPY), ord_e, ord_f, ord_g (referred, 4,990 + 1,000 + 1,600 EUR); ord_i is site B's,
    // so no other order. The 30 days before: ord_q (an agent, 100 EUR), ord_p (other, 800 USD).
    expect(cellText(page.html, "data-channel", "agent_checkout", "Orders")).toBe("2");
    expect(cellText(page.html, "data-channel", "agent_checkout", "Revenue")).toBe("33.30 USD");
    expect(cellText(page.html, "data-channel", "agent_checkout", "Previous period: revenue")).toBe("1.00 EUR");
    expect(cellText(page.html, "data-channel", "agent_browser", "Revenue")).toBe("1,200 JPY");
    expect(cellText(page.html, "data-channel", "ai_referral", "Orders")).toBe("3");
    expect(cellText(page.html, "data-channel", "other", "Orders")).toBe("0");
    expect(cellText(page.html, "data-channel", "other", "Previous period: revenue")).toBe("8.00 USD");
    expect(page.html).toMatch(/href="\/app\/w\/[^/"]+\/conversions\?domain=channels-page-a\.example"/);
  });

  it("the Overview shows the channels of the last 7 days", async () => {
    const owner = await ownerWithWorld();
    const page = await owner.get("/app");
    expect(page.status).toBe(200);
    // Last 7 days, by hand: ord_a, ord_b (agents; 430 + 2,900 USD), ord_h (browser, 1,200 JPY),
    // ord_e, ord_f, ord_g (referred, 4,990 + 1,000 + 1,600 EUR), ord_i 6 days ago (other, 500 USD).
    expect(cellText(page.html, "data-channel", "agent_checkout", "Orders")).toBe("2");
    expect(cellText(page.html, "data-channel", "agent_browser", "Orders")).toBe("1");
    expect(cellText(page.html, "data-channel", "ai_referral", "Revenue")).toBe("75.90 EUR");
    expect(cellText(page.html, "data-channel", "other", "Orders")).toBe("1");
  });

  it("the weekly mail gives the week's orders by channel in words, against the week before", async () => {
    const owner = new FormClient();
    const email = uniqueEmail("channels-mail");
    await owner.signUp(email);
    await owner.get("/app/sites");
    expect((await owner.post("/app/sites", { domain: "channels-mail.example", name: "" })).status).toBe(303);
    await owner.get("/app/settings/notifications");
    await owner.submit("/app/settings/notifications", { kinds: "weekly_report", score_threshold: "50" });
    const workspaceId = owner.workspace as string;
    const now = Date.now();
    const week = lastCompleteWeek(now);
    await env.DB.prepare(
      "UPDATE notification_preferences SET updated_at = ? WHERE workspace_id = ? AND kind = 'weekly_report'",
    )
      .bind(week.start, workspaceId)
      .run();
    const site = (await env.DB.prepare("SELECT id FROM sites WHERE domain = 'channels-mail.example'").first<{
      id: string;
    }>()) as { id: string };
    // The world seeded so that its "now" is the week's end: its last 7 days are the week.
    await seedChannelWorld(env.DB, workspaceId, { a: site.id, b: site.id }, week.end);
    await notifyJob({ ...env, PUBLIC_BASE_URL: "https://notify.test" }, now);
    const [mail] = (await keptMail(500)).filter((m) => m.toAddress === email);
    // By hand, the world's last 7 days (the week) and the 7 before: agents placed ord_a and
    // ord_b (430 + 2,900 USD), none the week before; an agent in the browser got ord_h
    // (1,200 JPY); assistants referred ord_e, ord_f, ord_g (4,990 + 1,000 + 1,600 EUR);
    // other: ord_i (500 USD). ord_j (7 days before the week's end) is voided. Checkouts: ACP
    // 1 completed, 1 canceled, 1 failed; UCP 1 completed. In the browser: 2 carts, 1 checkout.
    expect(mail.text).toContain("Orders by channel this week (each order once; the week before in brackets):");
    expect(mail.text).toContain("  Orders placed by agents: 2 (0); 33.30 USD");
    expect(mail.text).toContain(
      "  Orders where an agent in the browser submitted the cart or checkout: 1 (0); 1,200 JPY",
    );
    expect(mail.text).toContain("  Orders by people referred by an AI assistant: 3 (0); 75.90 EUR");
    expect(mail.text).toContain("  Other orders: 1 (0); 5.00 USD");
    expect(mail.text).toContain(
      "  Agents' checkouts: Agentic Commerce Protocol (ACP): 1 completed, 1 canceled, 1 failed; Universal Commerce Protocol (UCP): 1 completed, 0 canceled, 0 failed",
    );
    expect(mail.text).toContain("  Submitted by agents in the browser: 2 carts, 1 checkout, 0 other forms");
  });
});
