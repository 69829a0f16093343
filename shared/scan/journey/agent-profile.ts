// The scanner's UCP platform profile. UCP's cart MCP binding requires every request to
// carry `meta["ucp-agent"].profile`, the URL of the calling platform's profile
// (https://ucp.dev/specification/shopping/cart/mcp/, "Request Metadata"), which a
// business may fetch to negotiate capabilities. The scanner's names what it does: the
// cart capability only (create and read a cart), never checkout.
export const UCP_VERSION = "2026-08-25";

export function agentProfile(infoUrl: string) {
  return {
    ucp: {
      version: UCP_VERSION,
      capabilities: {
        "dev.ucp.shopping.cart": [
          { version: UCP_VERSION, spec: `https://ucp.dev/${UCP_VERSION}/specification/shopping/cart` },
        ],
      },
    },
    name: "AgentReadinessScanner",
    description:
      "Agent-readiness scanner: creates one cart with one unit of one product and reads it back, to measure whether AI agents can add products to a cart. Never checks out, never pays.",
    url: infoUrl,
  };
}
