import { env } from "cloudflare:workers";
import { createAccount } from "../../shared/accounts/sign-up";
import type { ReadEnv } from "../../shared/context/request-context";
import { requestContext } from "../../shared/context/request-context";
import { registerSite } from "../../shared/sites/register-site";
import type { Coverage } from "../../shared/sites/site-limits";
import { updateSite } from "../../shared/sites/update-site";
import { TEST_PASSWORD_HASH_PARAMS } from "../app/password-cost";

// The fast lane's one way to a site (issue 42: one seeding helper through the use cases),
// so a test about reports, ingest or conversions does not depend on the sites routes yet
// gets the row a merchant would: the workspace from sign-up (`createAccount`), the site
// from `registerSite` (its domain normalised and checked: a public suffix or a bad host is
// refused here as it would be at POST /api/v1/sites), the coverage from `updateSite`.
// The e2e lane's counterpart is test/e2e/workspace-seed.ts.
//
// No use case creates a workspace without a person (sign-up and the New workspace form
// both make an owner; the admin command also mints a key), so a test without a workspace
// gets a fresh account that owns one, with a throwaway address and password. Its password
// hash is made at the app test project's scrypt cost (test/app/password-cost.ts): at
// production's cost each such seed would spend ~0.5 s of CPU on a hash nobody verifies.

export interface SeedSite {
  /** A registrable host (`shop.example`), as a merchant would type it. */
  domain: string;
  /** An existing workspace (e.g. a test key's); omitted, a fresh account signs up and owns one. */
  workspaceId?: string;
  /** Set through updateSite after registration (a site starts at `all_traffic`). */
  coverage?: Coverage;
  /** When that coverage change happened (updateSite's now); the site's creation time when omitted. */
  coverageChangedAt?: number;
  /** When the site (and a fresh workspace) was created; now when omitted. */
  createdAt?: number;
}

export interface SeededSite {
  id: string;
  workspaceId: string;
  token: string;
  domain: string;
}

const BASE_URL = "http://service.test";

/** A fresh workspace through sign-up: a new account (throwaway address and password) owning it. */
export async function seedWorkspace(
  db: D1Database,
  now = Date.now(),
): Promise<{ workspaceId: string; userId: string }> {
  const unique = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  // The throwaway password is hashed at the app project's test cost, named for this call only.
  const ctx = { env: { DB: db }, nowMs: now, baseUrl: BASE_URL, passwordHashParams: TEST_PASSWORD_HASH_PARAMS };
  const created = await createAccount(ctx, {
    email: `seed-${unique}@example.com`,
    password: `seed password ${unique}`,
    join: { workspaceName: `Seed ${unique}` },
  });
  if (!created.ok || created.value === null)
    throw new Error(`seedWorkspace: sign-up of seed-${unique} created no account`);
  return created.value;
}

export async function seedSite(db: D1Database, site: SeedSite): Promise<SeededSite> {
  const now = site.createdAt ?? Date.now();
  const { workspaceId, userId } =
    site.workspaceId === undefined ? await seedWorkspace(db, now) : { workspaceId: site.workspaceId, userId: null };

  const ctxAt = (nowMs: number) =>
    requestContext({
      env: { ...(env as unknown as ReadEnv), DB: db },
      workspaceId,
      actor: userId ? { kind: "member", userId } : { kind: "service", job: "test seed" },
      nowMs,
      baseUrl: BASE_URL,
    });

  const registered = await registerSite(ctxAt(now), { domain: site.domain });
  if (!registered.ok)
    throw new Error(`seedSite: registerSite refused ${site.domain}: ${registered.code} ${registered.message ?? ""}`);
  if (!registered.value.created) throw new Error(`seedSite: ${site.domain} is already registered in ${workspaceId}`);
  const record = registered.value.site;

  if (site.coverageChangedAt !== undefined && (site.coverage === undefined || site.coverage === record.coverage)) {
    throw new Error(
      "seedSite: coverageChangedAt needs a coverage other than the new site's (updateSite moves it only on a change)",
    );
  }
  if (site.coverage !== undefined && site.coverage !== record.coverage) {
    const ctx = ctxAt(site.coverageChangedAt ?? now);
    const changed = await updateSite(ctx, { site: record.id, changes: { coverage: site.coverage } });
    if (!changed.ok) throw new Error(`seedSite: updateSite refused coverage ${site.coverage}: ${changed.code}`);
  }
  return { id: record.id, workspaceId, token: record.publicToken, domain: record.domain };
}
