import { localSwitchOn } from "@shared/config/local-switches";
import { readLocalMailbox } from "@shared/email/send-mail";
import { crossSiteReason, foreignHostReason } from "@shared/http/host-allow-list";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { Time } from "../layout/format-time";
import { renderPage } from "../layout/render";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";

// The local mailbox (docs/app.md "Email"): in a local run (switch LOCAL_MAILBOX) every
// mail the service sent, newest first, so a reset link or an invitation can be followed
// without any mail service. A deployment never has the switch: the page is 404 there.
const URL_IN_TEXT = /(https?:\/\/[^\s]+)/;

function MailText(props: { text: string }) {
  return (
    <pre class="mail-text">
      {props.text.split(URL_IN_TEXT).map((part, i) => (i % 2 === 1 ? <a href={part}>{part}</a> : part))}
    </pre>
  );
}

export function registerLocalMailbox(app: Hono<AppEnv>) {
  app.get("/app/__mailbox", async (c) => {
    if (!localSwitchOn(c.env, "LOCAL_MAILBOX")) throw new HTTPException(404, { message: `Nothing at ${c.req.path}.` });
    // Reset links are here: only this machine's own browser may read them, never a page of
    // another site or one reached under a rebound name (issue 41 #3).
    const refused = foreignHostReason(c.req.raw, c.env.PUBLIC_BASE_URL) ?? crossSiteReason(c.req.raw);
    if (refused) throw new HTTPException(403, { message: `${refused}.` });
    const mail = pageValue(await readLocalMailbox(appContext(c), {}));
    return renderPage(c, {
      title: "Local mailbox",
      body: (
        <>
          <p>
            Mail sent by this local run (the LOCAL_MAILBOX switch; a deployment sends through Cloudflare Email Service
            and has no such page). Newest first.
          </p>
          {mail.length === 0 ? <p>No mail yet.</p> : null}
          {mail.map((m) => (
            <article class="mail" data-mail-id={m.id}>
              <h2>
                <bdi>{m.subject}</bdi>
              </h2>
              <p>
                To <bdi>{m.toAddress}</bdi>, <Time at={m.sentAt} />
              </p>
              <MailText text={m.text} />
            </article>
          ))}
        </>
      ),
    });
  });
}
