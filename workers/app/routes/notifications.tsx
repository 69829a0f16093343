import { roleAtLeast } from "@shared/accounts/roles";
import { notificationSettings, saveNotificationSettings } from "@shared/notifications/notification-settings";
import type { AlertSettings, Preferences } from "@shared/notifications/notification-store";
import { parseThreshold } from "@shared/notifications/score-threshold";
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS } from "@shared/vocabulary/notification-kinds";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { appHref } from "../layout/app-href";
import { Notice, PostForm } from "../layout/form";
import { renderPage, renderRefused } from "../layout/render";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";

// Settings → Notifications (docs/app.md "Notifications"): each member chooses what mail
// they get from this workspace (all off until turned on); owners and admins also set
// the workspace's score threshold and whether alerts go to the monitor webhooks.
// One form, one POST, then a redirect (Post/Redirect/Get).
const PATH = "/app/settings/notifications";

function NotificationsForm(props: {
  c: Context<AppEnv>;
  prefs: Preferences;
  settings: AlertSettings;
  canManage: boolean;
  thresholdText?: string;
}) {
  const { c, prefs, settings, canManage } = props;
  return (
    <PostForm action={appHref(c, "/settings/notifications")} csrf={c.get("csrfToken")}>
      <fieldset>
        <legend>Mail me about {c.get("workspace").name}</legend>
        <div class="checks">
          {NOTIFICATION_KINDS.map((kind) => (
            <label>
              <input type="checkbox" name="kinds" value={kind} checked={prefs[kind]} />{" "}
              {NOTIFICATION_LABELS[kind].title} <span class="hint">{NOTIFICATION_LABELS[kind].explains}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Workspace alerts</legend>
        <div class="field">
          <label for="score-threshold">Score threshold (0 to 100)</label>
          <input
            id="score-threshold"
            name="score_threshold"
            type="number"
            min="0"
            max="100"
            step="1"
            inputmode="numeric"
            required
            disabled={!canManage}
            value={props.thresholdText ?? String(settings.scoreThreshold)}
            aria-describedby="threshold-hint"
          />
          <p class="hint" id="threshold-hint">
            A monitored domain whose score drops from this or above to below it is an alert. One threshold for every
            monitor of the workspace{canManage ? "" : "; owners and admins change it"}.
          </p>
        </div>
        <label>
          <input
            type="checkbox"
            name="alert_webhooks"
            value="on"
            checked={settings.alertWebhooks}
            disabled={!canManage}
          />{" "}
          Also send alerts to the workspace's monitor webhooks{" "}
          <span class="hint">
            (each alert to the monitors of its domain, signed like <code>score.changed</code>)
          </span>
        </label>
      </fieldset>
      <button type="submit">Save notification settings</button>
    </PostForm>
  );
}

export function registerNotifications(app: Hono<AppEnv>) {
  app.use(PATH, requireSignIn(), requireWorkspace());

  app.get(PATH, async (c) => {
    const ws = c.get("workspace");
    const { prefs, settings } = pageValue(await notificationSettings(pageContext(c), { userId: c.get("user").userId }));
    return renderPage(c, {
      title: "Notifications",
      body: (
        <>
          {c.req.query("saved") === "1" ? <Notice kind="success">Your notification settings are saved.</Notice> : null}
          <p>
            Mail goes to <strong>{c.get("user").email}</strong>. Every message has a link that turns its kind off.
          </p>
          <NotificationsForm c={c} prefs={prefs} settings={settings} canManage={roleAtLeast(ws.role, "admin")} />
          <p>
            <a href={appHref(c, "/settings")}>Back to Settings</a>
          </p>
        </>
      ),
    });
  });

  app.post(PATH, async (c) => {
    const ws = c.get("workspace");
    const form = await c.req.parseBody({ all: true });
    const ticked = new Set([form.kinds ?? []].flat().filter((v): v is string => typeof v === "string"));
    const prefs = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, ticked.has(k)])) as Preferences;
    const canManage = roleAtLeast(ws.role, "admin");
    let alerts: AlertSettings | null = null;
    if (canManage) {
      const raw = typeof form.score_threshold === "string" ? form.score_threshold : "";
      const threshold = parseThreshold(raw);
      if (!threshold.ok) {
        return renderRefused(c, {
          title: "Notifications",
          status: 400,
          message: threshold.message,
          form: (
            <NotificationsForm
              c={c}
              prefs={prefs}
              settings={{ scoreThreshold: 0, alertWebhooks: form.alert_webhooks === "on" }}
              canManage
              thresholdText={raw}
            />
          ),
        });
      }
      alerts = { scoreThreshold: threshold.value, alertWebhooks: form.alert_webhooks === "on" };
    }
    await saveNotificationSettings(pageContext(c), { userId: c.get("user").userId, prefs, alerts });
    return c.redirect(`${appHref(c, "/settings/notifications")}?saved=1`, 303);
  });
}
