import type { JourneySite } from "../types";
import type { JourneyClient } from "./journey-client";
import type { McpSession } from "./mcp-client";
import type { PlatformFacts } from "./platform";
import type { McpProbe, PathAttempt, ProductFacts } from "./types";
import type { UcpProfile } from "./ucp-profile";

/** What the steps of one journey share. */
export interface JourneyContext {
  site: JourneySite;
  client: JourneyClient;
  origin: string;
  platform: PlatformFacts;
  ucp: UcpProfile | null;
  /** The UCP agent profile URL sent with every UCP call (the spec requires one). */
  agentProfileUrl: string;
  product: ProductFacts | null;
  attempts: PathAttempt[];
  mcpSessions: Map<string, McpSession>;
  mcpProbes: McpProbe[];
  /** Set when a challenge answered: the journey stops there. */
  challenge: { vendor: string; url: string } | null;
  status(message: string): void;
}

/** What an MCP probe uses of the journey: it may start before the pages are in (run-journey.ts). */
export type McpContext = Pick<
  JourneyContext,
  "client" | "origin" | "platform" | "ucp" | "mcpSessions" | "mcpProbes" | "challenge"
>;
