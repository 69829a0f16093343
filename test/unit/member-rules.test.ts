import { describe, expect, it } from "vitest";
import { decideLeave, decideRemoval, decideRoleChange, type MemberSeat } from "../../shared/accounts/roles";

const owner: MemberSeat = { userId: "u-owner", role: "owner" };
const otherOwner: MemberSeat = { userId: "u-owner-2", role: "owner" };
const admin: MemberSeat = { userId: "u-admin", role: "admin" };
const otherAdmin: MemberSeat = { userId: "u-admin-2", role: "admin" };
const member: MemberSeat = { userId: "u-member", role: "member" };
const otherMember: MemberSeat = { userId: "u-member-2", role: "member" };

const reasonOf = (d: ReturnType<typeof decideRoleChange>) => (d.ok ? "ok" : d.reason);

describe("changing a member's role", () => {
  it("an owner may give any role to anyone, another owner included", () => {
    for (const to of ["owner", "admin", "member"] as const) {
      expect(reasonOf(decideRoleChange({ actor: owner, target: member, to, ownerCount: 1 }))).toBe("ok");
      expect(reasonOf(decideRoleChange({ actor: owner, target: otherOwner, to, ownerCount: 2 }))).toBe("ok");
    }
  });

  it("an admin changes members and admins, up to admin", () => {
    expect(reasonOf(decideRoleChange({ actor: admin, target: member, to: "admin", ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRoleChange({ actor: admin, target: otherAdmin, to: "member", ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRoleChange({ actor: admin, target: admin, to: "member", ownerCount: 1 }))).toBe("ok");
  });

  it("an admin may not grant owner", () => {
    const d = decideRoleChange({ actor: admin, target: member, to: "owner", ownerCount: 1 });
    expect(d).toEqual({ ok: false, reason: "not_allowed", message: "Only an owner can make someone owner." });
    expect(reasonOf(decideRoleChange({ actor: admin, target: admin, to: "owner", ownerCount: 1 }))).toBe("not_allowed");
  });

  it("an admin may not change an owner, whatever the owner count", () => {
    for (const to of ["owner", "admin", "member"] as const) {
      expect(reasonOf(decideRoleChange({ actor: admin, target: owner, to, ownerCount: 3 }))).toBe("not_allowed");
    }
  });

  it("a member changes nobody, not even themselves", () => {
    expect(reasonOf(decideRoleChange({ actor: member, target: otherMember, to: "member", ownerCount: 1 }))).toBe(
      "not_allowed",
    );
    expect(reasonOf(decideRoleChange({ actor: member, target: member, to: "admin", ownerCount: 1 }))).toBe(
      "not_allowed",
    );
  });

  it("the last owner cannot be demoted, not even by themselves; with two owners one may step down", () => {
    const d = decideRoleChange({ actor: owner, target: owner, to: "admin", ownerCount: 1 });
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.reason).toBe("last_owner");
      expect(d.message).toMatch(/make someone else owner first/i);
    }
    expect(reasonOf(decideRoleChange({ actor: owner, target: owner, to: "member", ownerCount: 2 }))).toBe("ok");
    expect(reasonOf(decideRoleChange({ actor: owner, target: otherOwner, to: "admin", ownerCount: 2 }))).toBe("ok");
  });

  it("refuses with not_allowed before looking at the owner count", () => {
    expect(reasonOf(decideRoleChange({ actor: admin, target: owner, to: "member", ownerCount: 1 }))).toBe(
      "not_allowed",
    );
  });
});

describe("removing a member", () => {
  it("owners remove anyone but the last owner", () => {
    expect(reasonOf(decideRemoval({ actor: owner, target: admin, ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRemoval({ actor: owner, target: member, ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRemoval({ actor: owner, target: otherOwner, ownerCount: 2 }))).toBe("ok");
  });

  it("admins remove members and admins but never an owner", () => {
    expect(reasonOf(decideRemoval({ actor: admin, target: member, ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRemoval({ actor: admin, target: otherAdmin, ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRemoval({ actor: admin, target: owner, ownerCount: 2 }))).toBe("not_allowed");
  });

  it("members remove nobody else", () => {
    expect(reasonOf(decideRemoval({ actor: member, target: otherMember, ownerCount: 1 }))).toBe("not_allowed");
    expect(reasonOf(decideRemoval({ actor: member, target: admin, ownerCount: 1 }))).toBe("not_allowed");
  });

  it("removing oneself is leaving: allowed to a member, refused to the last owner", () => {
    expect(reasonOf(decideRemoval({ actor: member, target: member, ownerCount: 1 }))).toBe("ok");
    expect(reasonOf(decideRemoval({ actor: owner, target: owner, ownerCount: 1 }))).toBe("last_owner");
  });
});

describe("leaving a workspace", () => {
  it("anyone may leave", () => {
    expect(decideLeave({ member, ownerCount: 1 })).toEqual({ ok: true });
    expect(decideLeave({ member: admin, ownerCount: 1 })).toEqual({ ok: true });
    expect(decideLeave({ member: owner, ownerCount: 2 })).toEqual({ ok: true });
  });

  it("except the last owner, who is told to make someone else owner first", () => {
    const d = decideLeave({ member: owner, ownerCount: 1 });
    expect(d).toMatchObject({ ok: false, reason: "last_owner" });
    if (!d.ok) expect(d.message).toMatch(/make someone else owner first/i);
  });
});
