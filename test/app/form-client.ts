import { exports } from "cloudflare:workers";

// A minimal browser for form tests: keeps cookies, follows nothing by itself, reads the
// CSRF token out of the last page. Each client has its own client address so the
// sign-in throttle of one test never touches another.

let addressCounter = 0;

// Pages about a workspace (docs/app.md "Addresses"). The application links them as
// /app/w/{workspace}/…; tests write the short address and the client sends it to the
// workspace it last landed in, as a browser follows the links of the page it is on.
const WORKSPACE_PAGE =
  /^\/app(?=$|[?#]|\/(?:sites|conversions|monitors|scans|sessions)(?:$|[/?#])|\/settings(?:$|[?#]|\/(?:api-keys|connected-apps|members|notifications|workspace|keys)(?:$|[/?#])))/;
const IN_WORKSPACE = /^(?:https?:\/\/[^/]+)?\/app\/w\/([^/?#]+)/;

export interface Page {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
  setCookies: string[];
}

export class FormClient {
  readonly cookies = new Map<string, string>();
  readonly address: string;
  lastHtml = "";
  /** The workspace of the last /app/w/{id}/… address requested or redirected to. */
  workspace: string | null = null;

  constructor(
    readonly origin = "http://app.test",
    address?: string,
  ) {
    addressCounter++;
    this.address = address ?? `198.51.100.${addressCounter % 250}`;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response): string[] {
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return setCookies;
  }

  /** `path` as this client sends it: a short workspace address goes to `this.workspace`. */
  resolve(path: string): string {
    if (this.workspace && WORKSPACE_PAGE.test(path)) return `/app/w/${this.workspace}${path.slice("/app".length)}`;
    return path;
  }

  /** The address `path` has in the workspace this client is in (what the app links to). */
  here(path: string): string {
    return this.resolve(path);
  }

  /** Sends `path` as written (a short address stays short). */
  async requestRaw(path: string, init: RequestInit = {}): Promise<Page> {
    const sent = IN_WORKSPACE.exec(path);
    if (sent) this.workspace = sent[1];
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    headers.set("CF-Connecting-IP", this.address);
    const res = await exports.default.fetch(`${this.origin}${path}`, { ...init, headers, redirect: "manual" });
    const setCookies = this.remember(res);
    const html = await res.text();
    if (res.headers.get("Content-Type")?.includes("text/html")) this.lastHtml = html;
    const location = res.headers.get("Location");
    const landed = location ? IN_WORKSPACE.exec(location) : null;
    if (landed) this.workspace = landed[1];
    // Sent to a short address (after leaving or deleting a workspace): the session decides.
    else if (location && WORKSPACE_PAGE.test(location)) this.workspace = null;
    return { status: res.status, headers: res.headers, html, location, setCookies };
  }

  request(path: string, init: RequestInit = {}): Promise<Page> {
    return this.requestRaw(this.resolve(path), init);
  }

  get(path: string): Promise<Page> {
    return this.request(path);
  }

  /** The `_csrf` value of the last page's first form. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastHtml);
    if (!match) throw new Error("no CSRF field on the last page");
    return match[1];
  }

  /** POSTs a form; the CSRF token of the last page is added unless `_csrf` is given. */
  post(path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}): Promise<Page> {
    const body = new URLSearchParams();
    if (!("_csrf" in fields)) body.append("_csrf", this.csrf());
    for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
    return this.request(path, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  /**
   * POSTs a form the way a browser does: a 303 answer (Post/Redirect/Get) is followed
   * with one GET, whose page is returned with `postStatus` and `location` of the POST.
   */
  async submit(path: string, fields: Record<string, string | string[]>): Promise<Page & { postStatus: number }> {
    const posted = await this.post(path, fields);
    if (posted.status !== 303 || !posted.location) return { ...posted, postStatus: posted.status };
    const page = await this.get(posted.location);
    return { ...page, location: posted.location, postStatus: 303 };
  }

  /** Signs up through the form and lands in the new workspace. */
  async signUp(email: string, password = "correct horse battery", extra: Record<string, string> = {}): Promise<Page> {
    await this.get("/app/sign-up");
    const res = await this.post("/app/sign-up", { email, password, ...extra });
    if (res.status !== 303) throw new Error(`sign-up failed with ${res.status}: ${res.html.slice(0, 500)}`);
    await this.landInWorkspace();
    return res;
  }

  async signIn(email: string, password = "correct horse battery"): Promise<Page> {
    await this.get("/app/sign-in");
    const res = await this.post("/app/sign-in", { email, password });
    if (res.status === 303) await this.landInWorkspace();
    return res;
  }

  /** Learns the session's workspace from where the short /app address redirects. */
  async landInWorkspace(): Promise<void> {
    this.workspace = null;
    await this.requestRaw("/app");
  }
}

/** Text of the element with this id, or null. */
export function elementText(html: string, id: string): string | null {
  const match = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html);
  return match ? match[1] : null;
}

let emailCounter = 0;
export function uniqueEmail(label: string): string {
  emailCounter++;
  return `${label}-${emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
