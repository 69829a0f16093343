import { describe, expect, it } from "vitest";
import {
  decideWorkspaceDeletion,
  planAccountDeletion,
  type WorkspaceHoldings,
} from "../../shared/accounts/removal-rules";

function ws(over: Partial<WorkspaceHoldings>): WorkspaceHoldings {
  return {
    id: "ws",
    name: "Shop",
    role: "owner",
    ownerCount: 1,
    memberCount: 1,
    siteCount: 0,
    monitorCount: 0,
    ...over,
  };
}

describe("workspace deletion", () => {
  it("only an owner deletes, and only an empty workspace (no sites, no monitors)", () => {
    expect(decideWorkspaceDeletion(ws({}))).toEqual({ ok: true });
    expect(decideWorkspaceDeletion(ws({ role: "admin" }))).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(decideWorkspaceDeletion(ws({ siteCount: 2 }))).toMatchObject({ ok: false, reason: "has_data" });
    expect(decideWorkspaceDeletion(ws({ monitorCount: 1 }))).toMatchObject({ ok: false, reason: "has_data" });
  });
});

describe("account deletion plan", () => {
  it("deletes workspaces where the user is the only member, leaves those with another owner, blocks the rest", () => {
    const plan = planAccountDeletion([
      ws({ id: "solo", name: "Solo" }),
      ws({ id: "shared", name: "Shared", ownerCount: 2, memberCount: 3 }),
      ws({ id: "member", name: "Member of", role: "member", ownerCount: 1, memberCount: 2 }),
      ws({ id: "last", name: "Last owner", ownerCount: 1, memberCount: 2 }),
      ws({ id: "busy", name: "Busy", siteCount: 1 }),
    ]);
    expect(plan.deleteWorkspaces.map((w) => w.id)).toEqual(["solo"]);
    expect(plan.blockers).toEqual([
      "You are the last owner of Last owner: make another member owner first, or delete it.",
      "Busy still has 1 site(s) and 0 monitor(s). Remove them first.",
    ]);
  });
});
