import { countText } from "../display/count-text";
import type { OrderMoney } from "./channel-schema";
import type { ChannelFigures } from "./conversion-channels";
import { moneyText } from "./money-text";

const moneyOf = (m: OrderMoney[]) => m.map((x) => moneyText(x.value_minor, x.currency)).join(", ");

/**
 * The weekly mail's lines of the orders report (docs/conversions.md "Orders by
 * channel"): each channel in words with its orders, the week before's and its revenue per
 * currency; how the agents' checkouts ended, by protocol; what agents submitted in the
 * browser. Nothing when the two weeks hold no order, checkout or agent's submit.
 */
export function channelMailLines(f: ChannelFigures): string[] {
  const b = f.browser_agents;
  const submits = b.carts_submitted + b.checkouts_submitted + b.forms_submitted;
  const checkouts = f.agent_checkouts.by_protocol.filter((p) => p.completed + p.canceled + p.failed > 0);
  if (f.total.orders + f.total.previous.orders === 0 && checkouts.length === 0 && submits === 0) return [];
  const lines = ["Orders by channel this week (each order once; the week before in brackets):"];
  for (const c of f.channels) {
    const revenue = c.by_currency.length > 0 ? `; ${moneyOf(c.by_currency)}` : "";
    lines.push(`  ${c.name}: ${c.orders} (${c.previous.orders})${revenue}`);
  }
  const protocols = checkouts.map(
    (p) => `${p.name}: ${p.completed} completed, ${p.canceled} canceled, ${p.failed} failed`,
  );
  if (protocols.length > 0) lines.push(`  Agents' checkouts: ${protocols.join("; ")}`);
  if (submits > 0)
    lines.push(
      `  Submitted by agents in the browser: ${countText(b.carts_submitted, "cart", "carts")}, ${countText(b.checkouts_submitted, "checkout", "checkouts")}, ${countText(b.forms_submitted, "other form", "other forms")}`,
    );
  lines.push("");
  return lines;
}
