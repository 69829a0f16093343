import { accessLog } from "@shared/http/access-log";
import { otherMethodsRefused } from "@shared/http/method-not-allowed";
import { requestId } from "@shared/http/request-id";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env";
import { registerAgentErrorsPage } from "./dashboard/agent-errors-page";
import { registerDashboardAssets } from "./dashboard/assets";
import { registerConversions } from "./dashboard/conversions";
import { registerCrawlToReferralPage } from "./dashboard/crawl-to-referral-page";
import { registerCsvDownloads } from "./dashboard/csv-pages";
import { registerDrainsPage } from "./dashboard/drains-page";
import { registerJourney } from "./dashboard/journey-page";
import { registerLive } from "./dashboard/live";
import { isLogUpload, uploadBodyLimit } from "./dashboard/log-upload";
import { registerMonitors } from "./dashboard/monitors";
import { registerPolicyPage } from "./dashboard/policy-page";
import { registerRobotsCompliancePage } from "./dashboard/robots-compliance-page";
import { registerScanReports } from "./dashboard/scan-report";
import { registerSessions } from "./dashboard/sessions";
import { registerSharedDashboard, SHARED_LINK_PREFIX, sharedLinkHeaders } from "./dashboard/shared-dashboard";
import { registerSharingPage } from "./dashboard/sharing-page";
import { registerSites } from "./dashboard/sites";
import { registerTraffic } from "./dashboard/traffic";
import { errorPage } from "./error-page";
import { csrfProtection } from "./middleware/csrf";
import { registerAccount } from "./routes/account";
import { registerAliases } from "./routes/aliases";
import { registerApiKeys } from "./routes/api-keys";
import { registerAssets } from "./routes/assets";
import { registerConnectedApps } from "./routes/connected-apps";
import { registerInvite } from "./routes/invite";
import { registerLocalMailbox } from "./routes/local-mailbox";
import { registerMembers } from "./routes/members";
import { registerNotifications } from "./routes/notifications";
import { oauthRedirectFormAction, registerOAuthAuthorize } from "./routes/oauth-authorize";
import { registerOverview } from "./routes/overview";
import { registerPasskeys } from "./routes/passkeys";
import { registerPassword } from "./routes/password";
import { registerPasswordReset } from "./routes/password-reset";
import { registerScheduled } from "./routes/scheduled";
import { registerSettings } from "./routes/settings";
import { registerSignIn } from "./routes/sign-in";
import { registerSignOut } from "./routes/sign-out";
import { registerSignUp } from "./routes/sign-up";
import { registerUnsubscribe, UNSUBSCRIBE_PREFIX } from "./routes/unsubscribe";
import { registerWorkspaceSettings } from "./routes/workspace-settings";
import { registerWorkspaces } from "./routes/workspaces";
import { routingPath } from "./workspace-path";

const WORKER = "app";
// Forms here are a few fields; nothing legitimate comes near this.
const MAX_FORM_BYTES = 16 * 1024;

export function buildApp() {
  // Workspace pages answer at /app/w/{workspace}/… and are declared at /app/… (workspace-path.ts).
  const app = new Hono<AppEnv>({ getPath: routingPath });
  app.use(requestId());
  app.use(accessLog(WORKER));
  app.use(`${SHARED_LINK_PREFIX}*`, sharedLinkHeaders);
  // Everything the app serves is its own: no inline script or style, no framing.
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The consent page's form ends in a redirect to the OAuth client, which
        // form-action also governs: that page alone adds the client's origin.
        formAction: ["'self'", oauthRedirectFormAction],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: "same-origin",
    }),
  );
  // A log upload (dashboard/log-upload.tsx) has its own, larger bound.
  const formLimit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: () => {
      throw new HTTPException(413, { message: "The form sent more data than any page here accepts." });
    },
  });
  app.use((c, next) => (isLogUpload(c.req.path) ? uploadBodyLimit(c, next) : formLimit(c, next)));
  // A page asked for with another method (POST /app/settings with a valid form token)
  // is 405 with Allow, as on the API (docs/decisions.md#2-v1-errors), not "Nothing at".
  app.use(
    otherMethodsRefused(app, async (c, allow) => {
      const res = await errorPage(
        new HTTPException(405, { message: `${c.req.path} answers ${allow} only, not ${c.req.method}.` }),
        c,
      );
      res.headers.set("Allow", allow);
      return res;
    }),
  );
  app.use(csrfProtection({ exempt: (path) => path.startsWith(UNSUBSCRIBE_PREFIX) }));

  registerAssets(app);
  registerDashboardAssets(app);
  registerSignIn(app);
  registerSignUp(app);
  registerSignOut(app);
  registerWorkspaces(app);
  registerOverview(app);
  registerSites(app);
  // Before the pages: `/app/scans/csv/…` is no domain's report.
  registerCsvDownloads(app);
  registerTraffic(app);
  registerLive(app);
  registerSessions(app);
  registerJourney(app);
  registerRobotsCompliancePage(app);
  registerCrawlToReferralPage(app);
  registerAgentErrorsPage(app);
  registerDrainsPage(app);
  registerSharingPage(app);
  registerSharedDashboard(app);
  registerPolicyPage(app);
  registerConversions(app);
  registerMonitors(app);
  registerScanReports(app);
  registerSettings(app);
  registerNotifications(app);
  registerUnsubscribe(app);
  registerScheduled(app);
  registerPassword(app);
  registerPasswordReset(app);
  registerLocalMailbox(app);
  registerAccount(app);
  registerWorkspaceSettings(app);
  registerApiKeys(app);
  registerConnectedApps(app);
  registerOAuthAuthorize(app);
  registerMembers(app);
  registerInvite(app);
  registerPasskeys(app);
  registerAliases(app);

  app.notFound((c) => errorPage(new HTTPException(404, { message: `Nothing at ${new URL(c.req.url).pathname}.` }), c));
  app.onError((err, c) => errorPage(err, c));
  return app;
}
