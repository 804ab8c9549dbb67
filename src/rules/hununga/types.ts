/**
 * Hununga's shapes: pieces, the state, the moves, the error codes and the roll purposes.
 */
import type { SeatId } from "../core";
import type { BoardData } from "../grid";
import type { PieceKind } from "./board";

export interface HunungaPiece {
  /** Stable name, e.g. "0-pawn-3": side, kind, number. */
  readonly id: string;
  readonly side: 0 | 1;
  readonly kind: PieceKind;
  /** Its square "x,y", or null while captured (waiting to respawn). */
  readonly at: string | null;
}

/** What became of a die this turn: unused, moved a piece, given up to respawn, or forfeited. */
export type DieUse = null | { readonly piece: string } | "respawn" | "forfeit";

export type Side = 0 | 1;

export interface HunungaState {
  readonly game: "hununga";
  readonly board: BoardData;
  readonly seats: readonly [SeatId, SeatId];
  readonly pieces: readonly HunungaPiece[];
  readonly turn: Side;
  readonly phase: "roll" | "act" | "over";
  /** The two dice of this turn (after any reroll), null before the roll. */
  readonly dice: readonly [number, number] | null;
  readonly used: readonly [DieUse, DieUse];
  readonly scores: readonly [number, number];
  readonly tokens: readonly [number, number];
  readonly tokensSpent: number;
  /** The side that ended its turn holding the centre alone and scores unless the other breaks it. */
  readonly claim: Side | null;
  /** Turns begun (1 on the first). */
  readonly turns: number;
  readonly maxTurns: number;
  /** Points to win (3 in the text). */
  readonly target: number;
  /** Set when over: the winner, or null for a draw. */
  readonly winner: Side | null;
  readonly endReason: "points" | "limit" | null;
}

export type HunungaMove =
  | { readonly type: "roll" }
  | {
      readonly type: "move";
      readonly die: 0 | 1;
      readonly piece: string;
      readonly from: string;
      /** The squares stepped onto, in order (empty when the piece attacks without moving). */
      readonly path: readonly string[];
      /** The square of the enemy piece captured with the die's remaining points. */
      readonly attack?: string;
    }
  | { readonly type: "respawn"; readonly die: 0 | 1; readonly piece: string }
  | { readonly type: "reroll"; readonly die: 0 | 1 }
  | { readonly type: "pass" };

export const E = {
  malformed: "CANTINA.Error.Malformed",
  wrongPhase: "CANTINA.Hununga.Error.WrongPhase",
  dieUsed: "CANTINA.Hununga.Error.DieUsed",
  notYourPiece: "CANTINA.Hununga.Error.NotYourPiece",
  notOnBoard: "CANTINA.Hununga.Error.NotOnBoard",
  samePiece: "CANTINA.Hununga.Error.SamePiece",
  wrongStart: "CANTINA.Hununga.Error.WrongStart",
  notOrthogonal: "CANTINA.Hununga.Error.NotOrthogonal",
  blocked: "CANTINA.Hununga.Error.Blocked",
  revisit: "CANTINA.Hununga.Error.Revisit",
  wholeDie: "CANTINA.Hununga.Error.WholeDie",
  noTarget: "CANTINA.Hununga.Error.NoTarget",
  attackCost: "CANTINA.Hununga.Error.AttackCost",
  notHighest: "CANTINA.Hununga.Error.NotHighest",
  notCaptured: "CANTINA.Hununga.Error.NotCaptured",
  respawnBlocked: "CANTINA.Hununga.Error.RespawnBlocked",
  noToken: "CANTINA.Hununga.Error.NoToken",
  mustMove: "CANTINA.Hununga.Error.MustMove",
  gameOver: "CANTINA.Hununga.Error.GameOver",
  notSeated: "CANTINA.Error.NotSeated",
  notYourTurn: "CANTINA.Error.NotYourTurn",
  /** The window's: a click that names no move of the player's. */
  illegal: "CANTINA.Hununga.Error.Illegal",
} as const;

/** Any of Hununga's error codes. */
export type HunungaErrorCode = (typeof E)[keyof typeof E];

export const ROLL_PURPOSE = "CANTINA.Hununga.Roll.Turn";
export const REROLL_PURPOSE = "CANTINA.Hununga.Roll.Reroll";
