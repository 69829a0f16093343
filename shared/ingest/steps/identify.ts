import { identifyAgent } from "../../classify/agent-identity";
import { deviceInfo } from "../../classify/user-agent";
import type { Draft, PipelineDeps } from "../pipeline";

/** Platform, purpose, tier, confidence, detection signals and device from UA, IP and signature. */
export function identify(d: Draft, deps: PipelineDeps): Draft {
  const who = identifyAgent({
    userAgent: d.userAgent,
    clientIp: d.clientIp,
    signature: d.signature,
    automation: d.automation,
    ipRanges: deps.ipRanges,
  });
  const device = deviceInfo(d.userAgent, who.platform !== null);
  return {
    ...d,
    platform: who.platform,
    purpose: who.purpose,
    tier: who.tier,
    confidence: who.confidence,
    signals: who.signals,
    browser: device.browser,
    os: device.os,
    deviceType: device.deviceType,
  };
}
