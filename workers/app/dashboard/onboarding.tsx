import type { OnboardingStep, StepState } from "@shared/onboarding/onboarding-steps";
import type { Context } from "hono";
import { appHref } from "../layout/app-href";

/** The API reference, and a section of it (Scalar's tag anchors). */
const API_DOCS = "/api/v1/docs";
const apiSection = (tag: string) => `${API_DOCS}#tag/${tag}`;

interface StepText {
  title: string;
  why: string;
  action: { label: string; path: string };
  docs: { label: string; href: string };
}

const STEP_TEXT: Record<OnboardingStep, StepText> = {
  site_added: {
    title: "Add your shop",
    why: "A site is one shop domain; its traffic is counted apart from every other.",
    action: { label: "Add a site", path: "/sites" },
    docs: { label: "Sites in the API reference", href: apiSection("sites") },
  },
  first_event: {
    title: "Receive the first visit",
    why: "Put the snippet on the shop's pages (or send its request log through a log drain); the first session then appears here.",
    action: { label: "Get the snippet", path: "/sites" },
    docs: { label: "Log drains in the API reference", href: apiSection("drains") },
  },
  first_key: {
    title: "Create an API key",
    why: "Your server sends conversions (orders) with a key, so sales can be set beside the traffic that brought them.",
    action: { label: "Create a key", path: "/settings/api-keys" },
    docs: { label: "Conversions in the API reference", href: apiSection("conversions") },
  },
  first_monitor: {
    title: "Add a monitor",
    why: "A monitor rescans the shop every day and calls your webhook when its agent-readiness score changes.",
    action: { label: "Add a monitor", path: "/monitors" },
    docs: { label: "Monitors in the API reference", href: apiSection("monitors") },
  },
};

/**
 * The setup checklist on the overview. It follows the workspace's real state
 * (shared/onboarding/onboarding-steps.ts) and disappears once every step is done; each
 * step links to the page that does it and to its part of the API reference.
 */
export function OnboardingChecklist(props: { c: Context; steps: StepState[]; firstSite?: string }) {
  const left = props.steps.filter((s) => !s.done).length;
  if (left === 0) return null;
  return (
    <section aria-labelledby="setup-heading">
      <h2 id="setup-heading">
        Set up: {props.steps.length - left} of {props.steps.length} done
      </h2>
      <ol class="checklist">
        {props.steps.map(({ step, done }) => {
          const t = STEP_TEXT[step];
          // With a site, its own page holds the snippet and its install status.
          const path =
            step === "first_event" && props.firstSite ? `/sites/${encodeURIComponent(props.firstSite)}` : t.action.path;
          return (
            <li data-step={step} data-done={done ? "1" : "0"}>
              <span class="state">{done ? "Done" : "To do"}</span>
              <strong>{t.title}</strong>
              <p class="hint">{t.why}</p>
              <p class="actions">
                {done ? null : <a href={appHref(props.c, path)}>{t.action.label}</a>}
                <a href={t.docs.href}>{t.docs.label}</a>
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
