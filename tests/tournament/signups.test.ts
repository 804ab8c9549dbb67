/**
 * Sign-ups: "first come first served" up to the circuit's limit, then a waiting list in order;
 * withdrawals promote the first waiting; the GM closes sign-ups and adds or removes with a reason kept.
 */
import { describe, expect, it } from "vitest";
import {
  TournamentErrors as E,
  type Tournament,
  gmAdd,
  gmRemove,
  openCircuit,
  setSignUpsOpen,
  signUp,
  withdraw,
} from "../../src/tournament";
import { refusalOf } from "../helpers/refusal";
import { GM, as, must, pid, tournamentWith } from "./fixtures";

/** A tournament whose Aurodium circuit takes `limit` sign-ups. */
function limited(players: number, limit: number): Tournament {
  const t = tournamentWith(players);
  return must(openCircuit(t, "aurodium", GM, { signUpLimit: limit })).tournament;
}

function signAll(t: Tournament, ids: readonly number[], circuit = "aurodium"): Tournament {
  return ids.reduce((acc, i) => must(signUp(acc, circuit, pid(i), as(`u${i}`), i)).tournament, t);
}

describe("sign-ups", () => {
  it("first come first served: places up to the limit, then the waiting list in the order they came", () => {
    const t = signAll(limited(5, 2), [3, 1, 5, 2]);
    expect(t.circuits.aurodium?.signedUp).toEqual(["p3", "p1"]);
    expect(t.circuits.aurodium?.waiting).toEqual(["p5", "p2"]);
    expect(t.audit.map((a) => a.kind)).toEqual(["signed-up", "signed-up", "waiting", "waiting"]);
  });

  it("no player signup limit (Electrum): everyone gets a place", () => {
    const t = must(openCircuit(tournamentWith(30), "electrum", GM)).tournament;
    const all = signAll(
      t,
      Array.from({ length: 30 }, (_, i) => i + 1),
      "electrum",
    );
    expect(all.circuits.electrum?.signedUp).toHaveLength(30);
    expect(all.circuits.electrum?.waiting).toEqual([]);
  });

  it("a withdrawal frees a place for the first waiting, and the waiting list keeps its order", () => {
    const t = signAll(limited(5, 2), [1, 2, 3, 4, 5]);
    const after = must(withdraw(t, "aurodium", "p1", as("u1"), 10)).tournament;
    expect(after.circuits.aurodium?.signedUp).toEqual(["p2", "p3"]);
    expect(after.circuits.aurodium?.waiting).toEqual(["p4", "p5"]);
    expect(after.audit.slice(-2)).toMatchObject([
      { kind: "withdrew", participant: "p1" },
      { kind: "promoted", participant: "p3" },
    ]);
    const leftWaiting = must(withdraw(after, "aurodium", "p4", as("u4"), 11)).tournament;
    expect(leftWaiting.circuits.aurodium?.waiting).toEqual(["p5"]);
  });

  it("a player signs up and withdraws only their own character; twice is refused", () => {
    const t = signAll(limited(3, 2), [1]);
    expect(refusalOf(signUp(t, "aurodium", "p2", as("u1"), 1))?.code).toBe(E.notYours);
    expect(refusalOf(signUp(t, "aurodium", "p1", as("u1"), 1))?.code).toBe(E.alreadySignedUp);
    expect(refusalOf(withdraw(t, "aurodium", "p1", as("u2"), 1))?.code).toBe(E.notYours);
    expect(refusalOf(withdraw(t, "aurodium", "p2", as("u2"), 1))?.code).toBe(E.notSignedUp);
    expect(refusalOf(signUp(t, "nova", "p2", as("u2"), 1))?.code).toBe(E.unknownCircuit);
    expect(refusalOf(signUp(t, "aurodium", "nobody", as("u2"), 1))?.code).toBe(E.unknownParticipant);
  });

  it("the GM closes sign-ups: new sign-ups are refused, a withdrawal still promotes the first waiting", () => {
    const t = signAll(limited(3, 1), [1, 2]);
    expect(refusalOf(setSignUpsOpen(t, "aurodium", false, as("u1"), 5))?.code).toBe(E.gmOnly);
    const closed = must(setSignUpsOpen(t, "aurodium", false, GM, 5)).tournament;
    expect(refusalOf(signUp(closed, "aurodium", "p3", as("u3"), 6))?.code).toBe(E.signUpsClosed);
    const after = must(withdraw(closed, "aurodium", "p1", as("u1"), 7)).tournament;
    expect(after.circuits.aurodium?.signedUp).toEqual(["p2"]);
    const reopened = must(setSignUpsOpen(after, "aurodium", true, GM, 8)).tournament;
    expect(signUp(reopened, "aurodium", "p3", as("u3"), 9).ok).toBe(true);
    expect(reopened.audit.filter((a) => a.kind === "closed" || a.kind === "reopened")).toHaveLength(2);
  });

  it("the GM adds someone past the limit and closed sign-ups, with the reason kept; no reason is refused", () => {
    const t = must(setSignUpsOpen(signAll(limited(3, 1), [1, 2]), "aurodium", false, GM, 3)).tournament;
    expect(refusalOf(gmAdd(t, "aurodium", "p3", GM, "  ", 4))?.code).toBe(E.reasonRequired);
    expect(refusalOf(gmAdd(t, "aurodium", "p3", as("u3"), "please", 4))?.code).toBe(E.gmOnly);
    const added = must(gmAdd(t, "aurodium", "p2", GM, "Jabba's guest", 4)).tournament;
    expect(added.circuits.aurodium?.signedUp).toEqual(["p1", "p2"]);
    expect(added.circuits.aurodium?.waiting).toEqual([]);
    expect(added.audit.at(-1)).toEqual({
      at: 4,
      circuit: "aurodium",
      kind: "added",
      participant: "p2",
      by: "gm",
      reason: "Jabba's guest",
    });
  });

  it("the GM removes someone with a reason kept; a place freed below the limit goes to the first waiting", () => {
    const t = signAll(limited(4, 2), [1, 2, 3, 4]);
    expect(refusalOf(gmRemove(t, "aurodium", "p1", GM, "", 5))?.code).toBe(E.reasonRequired);
    const removed = must(gmRemove(t, "aurodium", "p2", GM, "caught cheating", 5)).tournament;
    expect(removed.circuits.aurodium?.signedUp).toEqual(["p1", "p3"]);
    expect(removed.circuits.aurodium?.waiting).toEqual(["p4"]);
    expect(removed.audit.slice(-2)).toMatchObject([
      { kind: "removed", participant: "p2", reason: "caught cheating", by: "gm" },
      { kind: "promoted", participant: "p3" },
    ]);
  });

  it("after the GM adds past the limit, a withdrawal promotes nobody until there is room", () => {
    let t = signAll(limited(4, 2), [1, 2, 3]);
    t = must(gmAdd(t, "aurodium", "p4", GM, "late but invited", 5)).tournament;
    const after = must(withdraw(t, "aurodium", "p1", as("u1"), 6)).tournament;
    expect(after.circuits.aurodium?.signedUp).toEqual(["p2", "p4"]);
    expect(after.circuits.aurodium?.waiting).toEqual(["p3"]);
  });
});
