/**
 * One test per rule of text 002 (and per interpretation in docs/rules/hununga.md), named after it,
 * with scripted dice; the text's worked example; bad input refused with the state unchanged.
 */
import { describe, expect, it } from "vitest";
import { ScriptedRandom } from "../../../src/rules/core";
import { BOARDS, type HunungaMove, checkHunungaBoard, hununga, hunungaParamNamer } from "../../../src/rules/hununga";
import { GREEN, RED, SEATS, at, idAt, mv, notices, play, position, refused, start } from "./helpers";

const P = "CANTINA.Hununga.Error.";

describe("Hununga: the board and the worked example", () => {
  it("the shipped board: 8 x 8, four centre squares, a respawn corner each, 14 pieces a side", () => {
    expect(checkHunungaBoard(BOARDS.hununga).ok).toBe(true);
    const s = start();
    expect(s.pieces.filter((p) => p.side === 0)).toHaveLength(14);
    expect(s.pieces.filter((p) => p.side === 1)).toHaveLength(14);
    const centre = BOARDS.hununga!.cells.filter((c) => c.kind === "centre").map((c) => c.id);
    expect(centre.sort()).toEqual(["3,3", "3,4", "4,3", "4,4"]);
    expect(at(s, "0-king-1")).toBe("3,7");
    expect(at(s, "1-king-1")).toBe("4,0");
  });

  it("worked example: 4 and 6; the king goes one to the side and three forward into the centre, the king's pawn five forward and captures red's king's pawn with the remaining one", () => {
    let r = play(start(), { type: "roll" }, [4, 6]);
    expect(r.events[0]).toEqual({
      kind: "roll",
      seat: GREEN,
      purpose: "CANTINA.Hununga.Roll.Turn",
      notation: "2d6",
      dice: [4, 6],
      total: 10,
    });
    const king = mv(0, "0-king-1", "3,7", ["4,7", "4,6", "4,5", "4,4"]);
    const pawn = idAt(r.state, "3,6");
    const redPawn = idAt(r.state, "4,1");
    const capture = mv(1, pawn, "3,6", ["3,5", "3,4", "3,3", "3,2", "3,1"], "4,1");
    const legal = hununga.legalMoves(r.state, GREEN);
    expect(legal).toContainEqual(capture);
    expect(legal.some((m) => m.type === "move" && m.piece === "0-king-1" && m.path.at(-1) === "4,4")).toBe(true);
    r = play(r.state, king);
    expect(at(r.state, "0-king-1")).toBe("4,4");
    r = play(r.state, capture);
    expect(at(r.state, pawn)).toBe("3,1");
    expect(at(r.state, redPawn)).toBeNull();
    expect(notices(r.events)).toEqual(["Move", "Capture", "Claim", "Turn"]);
    expect(r.state.claim).toBe(0);
    expect(r.state.turn).toBe(1);
  });
});

describe("Hununga: dice and movement", () => {
  it("rule: each turn the active player rolls 2d6, posted as a roll event", () => {
    const r = play(start(), { type: "roll" }, [3, 5]);
    expect(r.state.dice).toEqual([3, 5]);
    expect(r.events).toContainEqual(expect.objectContaining({ kind: "roll", notation: "2d6", dice: [3, 5], total: 8 }));
    refused(r.state, { type: "roll" }, `${P}WrongPhase`);
  });

  it("rule: each die moves a different piece", () => {
    const s = position(
      [
        [0, "pawn", "0,5"],
        [0, "pawn", "6,5"],
        [1, "king", "4,0"],
      ],
      [2, 3],
    );
    const r = play(s, mv(0, "0-pawn-1", "0,5", ["0,4", "0,3"]));
    refused(r.state, mv(1, "0-pawn-1", "0,3", ["0,2", "0,1", "0,0"]), `${P}SamePiece`);
    expect(hununga.legalMoves(r.state, GREEN).every((m) => m.type !== "move" || m.piece === "0-pawn-2")).toBe(true);
  });

  it("rule: on doubles the same piece may use both dice, one after the other", () => {
    const s = position(
      [
        [0, "pawn", "0,5"],
        [0, "pawn", "6,5"],
        [1, "king", "4,0"],
      ],
      [2, 2],
    );
    let r = play(s, mv(0, "0-pawn-1", "0,5", ["0,4", "0,3"]));
    r = play(r.state, mv(1, "0-pawn-1", "0,3", ["0,2", "0,1"]));
    expect(at(r.state, "0-pawn-1")).toBe("0,1");
    expect(r.state.turn).toBe(1);
  });

  it("rule: on doubles the legal moves list each choice once (the two dice are the same choice)", () => {
    const s = position(
      [
        [0, "pawn", "0,5"],
        [1, "king", "4,0"],
      ],
      [3, 3],
    );
    const legal = hununga.legalMoves(s, GREEN);
    expect(legal.every((m) => m.type !== "move" || m.die === 0)).toBe(true);
    // Either die may still be named.
    expect(play(s, mv(1, "0-pawn-1", "0,5", ["0,4", "0,3", "0,2"])).state.used[1]).toEqual({ piece: "0-pawn-1" });
  });

  it("rule: a piece must use the whole number on its die", () => {
    const s = position(
      [
        [0, "rook", "2,5"],
        [0, "pawn", "6,5"],
        [1, "king", "4,0"],
      ],
      [3, 1],
    );
    refused(s, mv(0, "0-rook-1", "2,5", ["2,4", "2,3"]), `${P}WholeDie`);
    refused(s, mv(0, "0-rook-1", "2,5", ["2,4", "2,3", "2,2", "2,1"]), `${P}WholeDie`);
    expect(
      hununga.legalMoves(s, GREEN).every((m) => m.type !== "move" || m.die !== 0 || m.path.length === 3 || m.attack),
    ).toBe(true);
  });

  it("rule: pieces move only along ranks and files, one die point per square (a move may turn)", () => {
    const s = position(
      [
        [0, "rook", "2,5"],
        [0, "pawn", "6,5"],
        [1, "king", "4,0"],
      ],
      [2, 1],
    );
    refused(s, mv(0, "0-rook-1", "2,5", ["3,4", "4,3"]), `${P}NotOrthogonal`);
    refused(s, mv(0, "0-rook-1", "2,5", ["2,3", "2,2"]), `${P}NotOrthogonal`);
    expect(at(play(s, mv(0, "0-rook-1", "2,5", ["3,5", "3,4"])).state, "0-rook-1")).toBe("3,4");
  });

  it("rule: a piece may not pass through or land on another piece, nor enter a square twice", () => {
    const s = position(
      [
        [0, "rook", "2,5"],
        [0, "pawn", "2,4"],
        [1, "pawn", "3,5"],
        [1, "king", "4,0"],
      ],
      [3, 4],
    );
    refused(s, mv(0, "0-rook-1", "2,5", ["2,4", "2,3", "2,2"]), `${P}Blocked`);
    refused(s, mv(0, "0-rook-1", "2,5", ["3,5", "3,4", "3,3"]), `${P}Blocked`);
    refused(s, mv(1, "0-rook-1", "2,5", ["1,5", "1,4", "1,5", "1,6"]), `${P}Revisit`);
    refused(s, mv(1, "0-rook-1", "2,5", ["1,5", "1,6", "2,6", "2,5"]), `${P}Blocked`);
  });
});

describe("Hununga: attacks", () => {
  it("rule: an attack costs the target's dots from what is left of the die (a rook on a 5: one step, then 4)", () => {
    const s = position(
      [
        [0, "knight", "1,4"],
        [0, "pawn", "6,6"],
        [1, "rook", "3,4"],
        [1, "king", "4,0"],
      ],
      [5, 1],
    );
    refused(s, mv(0, "0-knight-1", "1,4", [], "3,4"), `${P}NotOrthogonal`);
    refused(s, mv(0, "0-knight-1", "1,4", ["1,3", "2,3"], "3,3"), `${P}NoTarget`);
    refused(s, mv(1, "0-knight-1", "1,4", ["2,4"], "3,4"), `${P}AttackCost`);
    const r = play(s, mv(0, "0-knight-1", "1,4", ["2,4"], "3,4"));
    expect(at(r.state, "1-rook-1")).toBeNull();
    expect(at(r.state, "0-knight-1")).toBe("2,4");
  });

  it("rule: defence values are pawn 1, bishop 2, knight 3, rook 4, king 6", () => {
    const targets = [
      ["pawn", 1],
      ["bishop", 2],
      ["knight", 3],
      ["rook", 4],
      ["king", 6],
    ] as const;
    for (const [kind, dots] of targets) {
      for (let die = 1; die <= 6; die++) {
        const s = position(
          [
            [0, "pawn", "2,2"],
            [0, "pawn", "6,6"],
            [1, kind, "3,2"],
            [1, "king", kind === "king" ? "0,7" : "7,0"],
          ],
          [die, 1],
        );
        const attacks = hununga
          .legalMoves(s, GREEN)
          .filter((m) => m.type === "move" && m.die === 0 && m.piece === "0-pawn-1" && m.attack === "3,2");
        // From next to the target: exactly its dots with no step, or dots + an even number of steps away and back.
        expect(attacks.some((m) => m.type === "move" && m.path.length === 0)).toBe(die === dots);
        if (die < dots) expect(attacks).toHaveLength(0);
      }
    }
  });

  it("rule: a king is captured only from next to it, on a 6", () => {
    const s = position(
      [
        [0, "rook", "4,2"],
        [0, "pawn", "6,6"],
        [1, "king", "4,0"],
      ],
      [6, 1],
    );
    expect(hununga.legalMoves(s, GREEN).some((m) => m.type === "move" && m.attack === "4,0")).toBe(false);
    refused(s, mv(0, "0-rook-1", "4,2", ["4,1"], "4,0"), `${P}AttackCost`);
  });

  it("rule: the attacker does not move into the target's square, so it can attack from inside the centre", () => {
    const s = position(
      [
        [0, "rook", "3,4"],
        [0, "pawn", "6,6"],
        [1, "pawn", "2,4"],
        [1, "king", "4,0"],
      ],
      [1, 2],
    );
    const r = play(s, mv(0, "0-rook-1", "3,4", [], "2,4"));
    expect(at(r.state, "0-rook-1")).toBe("3,4");
    expect(at(r.state, "1-pawn-1")).toBeNull();
  });
});

describe("Hununga: points", () => {
  it("rule: capturing the enemy king scores a point and gives the other player a reroll token", () => {
    const s = position(
      [
        [0, "pawn", "4,1"],
        [0, "pawn", "6,6"],
        [1, "king", "4,0"],
        [1, "pawn", "0,0"],
      ],
      [6, 1],
    );
    const r = play(s, mv(0, "0-pawn-1", "4,1", [], "4,0"));
    expect(r.state.scores).toEqual([1, 0]);
    expect(r.state.tokens).toEqual([0, 1]);
    expect(at(r.state, "1-king-1")).toBeNull();
    expect(notices(r.events)).toContain("KingPoint");
  });

  it("rule: first to 3 points wins (the game ends at once)", () => {
    const s = position(
      [
        [0, "pawn", "4,1"],
        [0, "pawn", "6,6"],
        [1, "king", "4,0"],
      ],
      [6, 1],
      { scores: [2, 1], tokens: [1, 2] },
    );
    const r = play(s, mv(0, "0-pawn-1", "4,1", [], "4,0"));
    expect(r.state.phase).toBe("over");
    expect(r.state.winner).toBe(0);
    expect(hununga.status(r.state)).toEqual({
      toAct: [],
      over: true,
      result: { winners: [GREEN], creditDelta: {}, luckSpent: {} },
    });
    refused(r.state, { type: "roll" }, `${P}GameOver`, RED);
  });

  it("rule: holding the centre alone at the end of a turn scores at the start of the holder's next turn", () => {
    const s = position(
      [
        [0, "rook", "3,5"],
        [0, "pawn", "0,5"],
        [1, "king", "4,0"],
        [1, "pawn", "7,2"],
      ],
      [1, 2],
    );
    let r = play(s, mv(0, "0-rook-1", "3,5", ["3,4"]));
    r = play(r.state, mv(1, "0-pawn-1", "0,5", ["0,4", "0,3"]));
    expect(r.state.claim).toBe(0);
    expect(r.state.scores).toEqual([0, 0]);
    r = play(r.state, { type: "roll" }, [1, 2]);
    r = play(r.state, mv(0, "1-pawn-1", "7,2", ["7,3"]));
    r = play(r.state, mv(1, "1-king-1", "4,0", ["3,0", "2,0"]));
    expect(notices(r.events)).toContain("CentrePoint");
    expect(r.state.scores).toEqual([1, 0]);
    expect(r.state.tokens).toEqual([0, 1]);
    expect(r.state.turn).toBe(0);
    expect(r.state.phase).toBe("roll");
  });

  it("rule: the hold is broken when the opponent moves into the centre", () => {
    const s = position(
      [
        [0, "rook", "3,4"],
        [0, "pawn", "0,5"],
        [1, "king", "4,0"],
        [1, "pawn", "4,2"],
      ],
      [1, 2],
      { turn: 1, claim: 0 },
    );
    let r = play(s, mv(0, "1-pawn-1", "4,2", ["4,3"]));
    expect(r.state.claim).toBeNull();
    expect(notices(r.events)).toContain("ClaimBroken");
    r = play(r.state, mv(1, "1-king-1", "4,0", ["3,0", "2,0"]));
    expect(r.state.scores).toEqual([0, 0]);
    expect(r.state.claim).toBeNull();
  });

  it("rule: the hold is broken when all the holder's pieces in the centre are removed", () => {
    const s = position(
      [
        [0, "rook", "3,4"],
        [0, "pawn", "0,5"],
        [1, "king", "4,0"],
        [1, "knight", "2,4"],
      ],
      [4, 2],
      { turn: 1, claim: 0 },
    );
    let r = play(s, mv(0, "1-knight-1", "2,4", [], "3,4"));
    expect(r.state.claim).toBeNull();
    r = play(r.state, mv(1, "1-king-1", "4,0", ["3,0", "2,0"]));
    expect(r.state.scores).toEqual([0, 0]);
  });

  it("rule: no hold while the enemy also has a piece in the centre", () => {
    const s = position(
      [
        [0, "rook", "3,5"],
        [0, "pawn", "0,5"],
        [1, "king", "4,0"],
        [1, "pawn", "4,3"],
      ],
      [1, 2],
    );
    let r = play(s, mv(0, "0-rook-1", "3,5", ["3,4"]));
    r = play(r.state, mv(1, "0-pawn-1", "0,5", ["0,4", "0,3"]));
    expect(r.state.claim).toBeNull();
  });

  it("rule: a king point and a centre point can both come in one turn", () => {
    const s = position(
      [
        [0, "rook", "3,4"],
        [0, "pawn", "2,1"],
        [1, "king", "4,0"],
        [1, "pawn", "7,2"],
      ],
      [1, 2],
      { turn: 1, claim: 0 },
    );
    let r = play(s, mv(0, "1-pawn-1", "7,2", ["7,3"]));
    r = play(r.state, mv(1, "1-king-1", "4,0", ["3,0", "2,0"]));
    expect(r.state.scores).toEqual([1, 0]);
    r = play(r.state, { type: "roll" }, [6, 1]);
    r = play(r.state, mv(0, "0-pawn-1", "2,1", [], "2,0"));
    expect(r.state.scores).toEqual([2, 0]);
    expect(r.state.tokens).toEqual([0, 2]);
  });
});

describe("Hununga: respawn", () => {
  it("rule: respawn gives up the highest die to bring a captured piece back on the corner square", () => {
    const s = position(
      [
        [0, "pawn", "5,5"],
        [0, "rook", null],
        [0, "pawn", null],
        [1, "king", "4,0"],
      ],
      [2, 5],
    );
    expect(hununga.legalMoves(s, GREEN).filter((m) => m.type === "respawn")).toEqual([
      { type: "respawn", die: 1, piece: "0-rook-1" },
      { type: "respawn", die: 1, piece: "0-pawn-2" },
    ]);
    refused(s, { type: "respawn", die: 0, piece: "0-rook-1" }, `${P}NotHighest`);
    refused(s, { type: "respawn", die: 1, piece: "0-pawn-1" }, `${P}NotCaptured`);
    const r = play(s, { type: "respawn", die: 1, piece: "0-rook-1" });
    expect(at(r.state, "0-rook-1")).toBe("0,7");
    expect(r.state.used[1]).toBe("respawn");
    // The respawned piece may move with the other die.
    const next = play(r.state, mv(0, "0-rook-1", "0,7", ["0,6", "0,5"]));
    expect(at(next.state, "0-rook-1")).toBe("0,5");
  });

  it("rule: no respawn while any piece, even an enemy's, stands on the respawn square", () => {
    for (const blocker of [0, 1] as const) {
      const s = position(
        [
          [0, "pawn", "5,5"],
          [0, "rook", null],
          [blocker, "bishop", "0,7"],
          [1, "king", "4,0"],
        ],
        [2, 5],
      );
      expect(hununga.legalMoves(s, GREEN).some((m) => m.type === "respawn")).toBe(false);
      refused(s, { type: "respawn", die: 1, piece: "0-rook-1" }, `${P}RespawnBlocked`);
    }
  });

  it("rule: on doubles either die is the highest, and a captured king may respawn", () => {
    const s = position(
      [
        [1, "pawn", "5,5"],
        [1, "king", null],
        [0, "king", "3,7"],
      ],
      [3, 3],
      { turn: 1 },
    );
    const r = play(s, { type: "respawn", die: 1, piece: "1-king-1" });
    expect(at(r.state, "1-king-1")).toBe("7,0");
  });
});

describe("Hununga: reroll tokens and unusable dice", () => {
  it("rule: a reroll token rerolls one unused die, before or after moving with the other", () => {
    const s = position(
      [
        [0, "pawn", "0,5"],
        [0, "pawn", "6,5"],
        [1, "king", "4,0"],
      ],
      [2, 3],
      { tokens: [2, 0] },
    );
    let r = play(s, { type: "reroll", die: 1 }, [5]);
    expect(r.state.dice).toEqual([2, 5]);
    expect(r.events[0]).toMatchObject({ kind: "roll", notation: "1d6", dice: [5], total: 5 });
    r = play(r.state, mv(0, "0-pawn-1", "0,5", ["0,4", "0,3"]));
    refused(r.state, { type: "reroll", die: 0 }, `${P}DieUsed`);
    r = play(r.state, { type: "reroll", die: 1 }, [1]);
    expect(r.state.dice).toEqual([2, 1]);
    expect(r.state.tokens).toEqual([0, 0]);
    expect(r.state.tokensSpent).toBe(2);
    refused(r.state, { type: "reroll", die: 1 }, `${P}NoToken`);
  });

  it("rule: a die that no piece can use in full is lost, and the turn passes", () => {
    const s = position(
      [
        [0, "pawn", "0,0"],
        [1, "rook", "1,0"],
        [1, "rook", "0,1"],
        [1, "king", "4,0"],
      ],
      null,
    );
    const r = play(s, { type: "roll" }, [2, 3]);
    expect(notices(r.events)).toEqual(["Forfeit", "Forfeit", "Turn"]);
    expect(r.state.turn).toBe(1);
  });

  it("rule: a die must be used while a piece can use it (pass only when none can)", () => {
    const s = position(
      [
        [0, "pawn", "0,0"],
        [1, "rook", "1,0"],
        [1, "rook", "0,1"],
        [1, "king", "4,0"],
      ],
      [2, 3],
      { tokens: [1, 0] },
    );
    expect(hununga.legalMoves(s, GREEN)).toEqual([
      { type: "reroll", die: 0 },
      { type: "reroll", die: 1 },
      { type: "pass" },
    ]);
    const r = play(s, { type: "reroll", die: 0 }, [4]);
    expect(hununga.legalMoves(r.state, GREEN)).toContainEqual(mv(0, "0-pawn-1", "0,0", [], "1,0"));
    refused(r.state, { type: "pass" }, `${P}MustMove`);
  });

  it("rule: after the turn limit the game is adjudicated on points, then dots on the board, else a draw", () => {
    const base = position(
      [
        [0, "pawn", "0,5"],
        [0, "pawn", "6,5"],
        [1, "king", "4,0"],
      ],
      [1, 1],
      { turns: 200 },
    );
    const last = (extra: object) => {
      let r = play({ ...base, ...extra }, mv(0, "0-pawn-1", "0,5", ["0,4"]));
      r = play(r.state, mv(1, "0-pawn-2", "6,5", ["6,4"]));
      return r.state;
    };
    expect(last({ scores: [0, 1] })).toMatchObject({ phase: "over", winner: 1, endReason: "limit" });
    expect(last({})).toMatchObject({ phase: "over", winner: 1, endReason: "limit" }); // 2 dots against red's 6
    const even = last({ pieces: base.pieces.slice(0, 2) });
    expect(even.winner).toBe(0);
    const equal = position(
      [
        [0, "pawn", "0,5"],
        [1, "pawn", "7,1"],
      ],
      [1, 1],
      { turns: 200 },
    );
    const r = play(play(equal, mv(0, "0-pawn-1", "0,5", ["0,4"])).state, mv(1, "0-pawn-1", "0,4", ["0,3"]));
    expect(r.state).toMatchObject({ phase: "over", winner: null });
    expect(hununga.status(r.state).result?.winners).toEqual([]);
  });
});

describe("Hununga: bad input is refused and changes nothing", () => {
  it("refuses a move out of turn, from an unknown seat, and an illegal move", () => {
    const s = start();
    refused(s, { type: "roll" }, "CANTINA.Error.NotYourTurn", RED);
    refused(s, { type: "roll" }, "CANTINA.Error.NotSeated", "someone-else");
    const r = play(s, { type: "roll" }, [2, 3]);
    refused(r.state, mv(0, "1-pawn-1", "7,1", ["7,2", "7,3"]), `${P}NotYourPiece`);
    refused(r.state, mv(0, "0-pawn-1", "1,6", ["0,5", "0,4"]), `${P}WrongStart`);
    refused(r.state, mv(0, "0-pawn-9", "1,6", ["0,5", "0,4"]), `${P}NotYourPiece`);
  });

  it("refuses malformed JSON moves (isMove) with CANTINA.Error.Malformed", () => {
    const s = play(start(), { type: "roll" }, [2, 3]).state;
    const bad: unknown[] = [
      null,
      "roll",
      { type: "roll", extra: 1 },
      { type: "move" },
      { type: "move", die: 2, piece: "0-pawn-1", from: "0,6", path: ["0,5"] },
      { type: "move", die: 0, piece: "0-pawn-1", from: "0,6", path: "0,5" },
      { type: "move", die: 0, piece: "0-pawn-1", from: "0,6", path: ["0;5"] },
      { type: "move", die: 0, piece: "0-pawn-1", from: "0,6", path: [], attack: 5 },
      { type: "respawn", die: 0 },
      { type: "reroll", die: "0" },
      { type: "castle" },
    ];
    for (const move of bad) {
      expect(hununga.isMove(move)).toBe(false);
      refused(s, move, "CANTINA.Error.Malformed");
    }
    for (const m of hununga.legalMoves(s, GREEN)) expect(hununga.isMove(JSON.parse(JSON.stringify(m)))).toBe(true);
  });

  it("refuses bad options and boards", () => {
    const o = hununga.defaultOptions();
    expect(hununga.checkOptions(o, SEATS)).toEqual({ ok: true });
    expect(hununga.checkOptions(o, [GREEN])).toMatchObject({ ok: false, error: { code: "CANTINA.Error.SeatCount" } });
    expect(hununga.checkOptions({ ...o, target: 0 }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(hununga.checkOptions({ ...o, maxTurns: 1.5 }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    expect(hununga.checkOptions({ ...o, board: "chess" }, SEATS)).toMatchObject({
      ok: false,
      error: { code: "CANTINA.Error.BadOption" },
    });
    const noKing = { grid: "square", cells: BOARDS.hununga!.cells.map((c) => ({ id: c.id, kind: c.kind })) };
    expect(hununga.checkOptions({ ...o, board: noKing }, SEATS)).toEqual({
      ok: false,
      error: { code: "CANTINA.Hununga.Error.Board.KingCount" },
    });
    const setup = hununga.setup(SEATS, { ...o, board: BOARDS.hununga! }, new ScriptedRandom([]));
    expect(setup.ok).toBe(true);
  });

  it("every move arriving as JSON is checked square by square: a legal path is accepted whatever its route", () => {
    const s = play(start(), { type: "roll" }, [4, 6]).state;
    const other: HunungaMove = mv(0, "0-king-1", "3,7", ["4,7", "4,6", "4,5", "4,4"]);
    expect(hununga.apply(s, GREEN, JSON.parse(JSON.stringify(other)) as HunungaMove, new ScriptedRandom([])).ok).toBe(
      true,
    );
  });
});

describe("Hununga chat lines", () => {
  it("name the piece in a log line through the game's parameter namer", () => {
    const i18n = { localize: (key: string) => (key === "CANTINA.Hununga.Piece.rook" ? "rook" : key) };
    expect(hunungaParamNamer("piece", "CANTINA.Hununga.Piece.rook", i18n)).toBe("rook");
    expect(hunungaParamNamer("seat", GREEN, i18n)).toBeUndefined();
  });
});
