// The application's one script: a progressive enhancement. Every page works without it;
// with it, "Copy" buttons (hidden otherwise) copy the text of the element they name, and
// passkey buttons (hidden otherwise, with the form around them) run the WebAuthn ceremonies against
// /app/passkeys/* with the browser's JSON helpers (WebAuthn Level 3 §5.1.9, §5.1.10),
// a button with data-busy-text says so while its form post runs, a button with
// data-fill-scopes ticks exactly those scope checkboxes of its form, and a hidden
// data-browser-timezone field gets the browser's IANA zone (ECMA-402
// Intl.DateTimeFormat resolvedOptions().timeZone) as a new workspace's first zone. On a
// narrow screen the header's "Menu" button shows and hides the navigation (the CSS hides
// it only where scripting runs: assets/header-css.ts), and Escape closes an open menu.
export const APP_JS = `
function passkeyCeremony(button) {
  var form = button.closest("form");
  var csrf = form.querySelector("input[name=_csrf]").value;
  var status = document.getElementById(button.getAttribute("data-status"));
  function post(url, fields) {
    fields._csrf = csrf;
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields)
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body.error || "The passkey step failed.");
        return body;
      });
    });
  }
  status.textContent = "";
  if (button.getAttribute("data-passkey") === "register") {
    var password = form.querySelector("input[name=passkey_password]");
    var typed = password.value;
    password.value = "";
    return post("/app/passkeys/registration-options", { password: typed }).then(function (start) {
      return navigator.credentials
        .create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(start.options) })
        .then(function (credential) {
          return post("/app/passkeys", { challenge_id: start.challengeId, credential: JSON.stringify(credential.toJSON()) });
        })
        .then(function () { status.textContent = "Passkey added."; location.reload(); });
    });
  }
  return post("/app/passkeys/sign-in-options", {}).then(function (start) {
    return navigator.credentials
      .get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(start.options) })
      .then(function (credential) {
        return post("/app/passkeys/sign-in", { challenge_id: start.challengeId, credential: JSON.stringify(credential.toJSON()) });
      })
      .then(function (done) { location.assign(done.next); });
  });
}

function headerMenu() {
  var button = document.querySelector(".menu-button");
  var panel = button && document.getElementById(button.getAttribute("aria-controls"));
  if (!panel) return;
  button.addEventListener("click", function () {
    var open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    panel.classList.toggle("open", open);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    document.querySelectorAll("details.menu[open]").forEach(function (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    });
  });
}

document.addEventListener("DOMContentLoaded", function () {
  headerMenu();
  var webauthn = window.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON;
  document.querySelectorAll("button[data-passkey]").forEach(function (button) {
    if (!webauthn) return;
    button.hidden = false;
    button.closest("form").hidden = false;
    button.addEventListener("click", function () {
      passkeyCeremony(button).catch(function (err) {
        document.getElementById(button.getAttribute("data-status")).textContent =
          err && err.name === "NotAllowedError" ? "The passkey request was cancelled." : String(err.message || err);
      });
    });
  });
  // Settings -> API keys: a preset button ticks exactly its scopes, visibly.
  document.querySelectorAll("button[data-fill-scopes]").forEach(function (button) {
    var wanted = button.getAttribute("data-fill-scopes").split(" ");
    button.hidden = false;
    button.addEventListener("click", function () {
      button.closest("form").querySelectorAll("input[name=scopes]").forEach(function (box) {
        box.checked = wanted.indexOf(box.value) !== -1;
      });
    });
  });
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-copy"));
    if (!target || !navigator.clipboard) return;
    var status = document.getElementById(button.getAttribute("data-copy") + "-status");
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(target.textContent.trim()).then(
        function () { if (status) status.textContent = "Copied."; },
        function () { if (status) status.textContent = "Copy failed: select the text and copy it."; }
      );
    });
  });
  document.querySelectorAll("input[data-browser-timezone]").forEach(function (field) {
    try {
      field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      field.value = "";
    }
  });
  // A long-running form post (Scan now): the button says what is happening and cannot
  // be pressed twice while the browser waits for the answer.
  document.querySelectorAll("button[data-busy-text]").forEach(function (button) {
    button.form.addEventListener("submit", function () {
      button.textContent = button.getAttribute("data-busy-text");
      button.setAttribute("aria-disabled", "true");
      button.form.addEventListener("submit", function (e) { e.preventDefault(); });
    }, { once: true });
  });
});
`;
