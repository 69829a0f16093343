import { passkeyOptionLimits, throttleSubject } from "@shared/accounts/login-throttle";
import {
  addPasskey,
  afterPasskeySignIn,
  openPasskeyChallenge,
  passkeyById,
  removePasskey,
  takePasskeyChallenge,
  userPasskeys,
} from "@shared/accounts/passkeys";
import { fromBase64Url, toBase64Url } from "@shared/encoding/base64";
import { log } from "@shared/http/log";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireSignIn } from "../middleware/session";
import { parseCredentialField, RP_NAME, relyingParty } from "../passkey-ceremony";
import { checkPassword } from "../password-check";
import { pageValue } from "../refusal-page";
import { appContext } from "../request-context";
import { signInAs } from "../session-start";
import { clientAddress, hitLimit, recordAddressFailure, signInRetryAfterForAddress, tryAgainIn } from "../throttle";
import { CURRENT_PASSWORD_WRONG } from "./password";
import { SIGN_IN_FAILED } from "./sign-in";

// Passkeys (WebAuthn Level 3) through @simplewebauthn/server. These four endpoints answer
// JSON to the page's small script (assets/app-js.ts); forms still carry the CSRF token.

type JsonStatus = 400 | 401 | 404 | 429;
const refuse = (c: Context<AppEnv>, status: JsonStatus, error: string) => c.json({ error }, status);

export function registerPasskeys(app: Hono<AppEnv>) {
  // Adding a passkey re-authenticates first (issue 25 #2): the options, and so the one
  // challenge POST /app/passkeys accepts (5 minutes, bound to this user), are issued only
  // for the current password, checked and throttled exactly as at sign-in.
  app.post("/app/passkeys/registration-options", requireSignIn(), async (c) => {
    const user = c.get("user");
    const form = await c.req.parseBody();
    const check = await checkPassword(c, user.email, typeof form.password === "string" ? form.password : "");
    if (check.outcome === "throttled") {
      c.header("Retry-After", String(check.retryAfter));
      return refuse(c, 429, `Too many wrong passwords. ${tryAgainIn(check.retryAfter)}`);
    }
    if (check.outcome === "wrong") return refuse(c, 401, CURRENT_PASSWORD_WRONG);
    const { rpID } = relyingParty(c);
    const existing = pageValue(await userPasskeys(appContext(c), { userId: user.userId }));
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userID: new Uint8Array(new TextEncoder().encode(user.userId)),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      // Discoverable, so the sign-in page needs no email first.
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    const challengeId = pageValue(
      await openPasskeyChallenge(appContext(c), {
        challenge: options.challenge,
        purpose: "register",
        userId: user.userId,
      }),
    );
    return c.json({ challengeId, options });
  });

  app.post("/app/passkeys", requireSignIn(), async (c) => {
    const form = await c.req.parseBody();
    const user = c.get("user");
    const response = parseCredentialField<RegistrationResponseJSON>(form.credential);
    const challenge =
      typeof form.challenge_id === "string"
        ? pageValue(
            await takePasskeyChallenge(appContext(c), {
              id: form.challenge_id,
              purpose: "register",
              userId: user.userId,
            }),
          )
        : null;
    if (!response || !challenge) return refuse(c, 400, "This passkey request expired. Try again.");
    const { rpID, origin } = relyingParty(c);
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch((err: unknown) => {
      log("warn", "passkey registration refused", { request_id: c.get("requestId"), error: String(err) });
      return null;
    });
    if (!verified?.verified) return refuse(c, 400, "The passkey could not be verified.");
    const { credential } = verified.registrationInfo;
    const added = pageValue(
      await addPasskey(appContext(c), {
        id: credential.id,
        userId: user.userId,
        publicKey: toBase64Url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      }),
    );
    if (!added) return refuse(c, 400, "That passkey is already registered.");
    return c.json({ ok: true }, 201);
  });

  app.post("/app/passkeys/sign-in-options", async (c) => {
    const allowance = await hitLimit(c, throttleSubject.address(clientAddress(c)), passkeyOptionLimits);
    if (!allowance.allowed) {
      c.header("Retry-After", String(allowance.retryAfter));
      return refuse(c, 429, "Too many passkey attempts from this address. Try again later.");
    }
    const { rpID } = relyingParty(c);
    const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
    const challengeId = pageValue(
      await openPasskeyChallenge(appContext(c), {
        challenge: options.challenge,
        purpose: "sign_in",
        userId: null,
      }),
    );
    return c.json({ challengeId, options });
  });

  app.post("/app/passkeys/sign-in", async (c) => {
    const retryAfter = await signInRetryAfterForAddress(c);
    if (retryAfter > 0) {
      c.header("Retry-After", String(retryAfter));
      return refuse(c, 429, "Too many failed sign-ins. Try again later.");
    }
    const form = await c.req.parseBody();
    const response = parseCredentialField<AuthenticationResponseJSON>(form.credential);
    const challenge =
      typeof form.challenge_id === "string"
        ? pageValue(
            await takePasskeyChallenge(appContext(c), { id: form.challenge_id, purpose: "sign_in", userId: null }),
          )
        : null;
    const passkey = response ? pageValue(await passkeyById(appContext(c), { id: response.id })) : null;
    const stored = passkey ? fromBase64Url(passkey.publicKey) : null;
    const publicKey = stored ? new Uint8Array(stored) : null;
    const { rpID, origin } = relyingParty(c);
    const verified =
      response && challenge && passkey && publicKey
        ? await verifyAuthenticationResponse({
            response,
            expectedChallenge: challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            credential: {
              id: passkey.id,
              publicKey,
              counter: passkey.counter,
              transports: passkey.transports as never,
            },
            requireUserVerification: false,
          }).catch(() => null)
        : null;
    if (!passkey || !verified?.verified) {
      await recordAddressFailure(c);
      return refuse(c, 401, SIGN_IN_FAILED);
    }
    const counter = verified.authenticationInfo.newCounter;
    const start = pageValue(await afterPasskeySignIn(appContext(c), { passkey, counter }));
    await signInAs(c, passkey.userId, start.workspaceId, passkey.id);
    return c.json({ next: "/app" });
  });

  // Removing a passkey also ends every session it signed in (ON DELETE CASCADE on
  // app_sessions.started_by_passkey), this browser's included if it used that passkey.
  app.post("/app/passkeys/:id/delete", requireSignIn(), async (c) => {
    await removePasskey(appContext(c), { userId: c.get("user").userId, passkeyId: c.req.param("id") });
    return c.redirect("/app/settings", 303);
  });
}
