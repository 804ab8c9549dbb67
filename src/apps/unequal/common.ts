/**
 * What the three unequal-forces windows share: whose turn it is, the players with their side's colour
 * and shape, the paired match's score, the pieces that cannot move and why, and turning a refused
 * board click into its localized reason.
 */
import { refuse } from "../../rules/core";
import type { Side, TwoSideState } from "../../rules/unequal/common";
import { E, type UnequalErrorCode } from "../../rules/unequal/errors";
import type { MatchSummary } from "../../rules/unequal/match";
import type { TableUpdate } from "../../table/protocol";
import type { ActionInput, ActionResult } from "../core/types";
import type { BoardClick, BoardOffer } from "../board/board-move";
import { type PieceShapeName, pieceShape } from "../board/context";
import { symbolSvg } from "../core/symbols";
import { seatNames } from "../core/types";

/** The side names' i18n keys, side 0 first, by game id. */
export const SIDE_KEYS: Readonly<Record<string, readonly [string, string]>> = {
  "defiance-and-domain": ["CANTINA.Unequal.Side.Rebel", "CANTINA.Unequal.Side.Imperium"],
  porrika: ["CANTINA.Unequal.Side.Schelati", "CANTINA.Unequal.Side.Serra"],
  takat: ["CANTINA.Unequal.Side.White", "CANTINA.Unequal.Side.Black"],
};

/**
 * The end reasons that say who won and why, by game, "<reason>-<winning side>" (issue 27: "the other
 * side cannot move" named neither side). Draws keep the general reason.
 */
const WIN_REASONS: Readonly<Record<string, readonly string[]>> = {
  "defiance-and-domain": ["goal-0", "goal-1", "immobilized-1"],
  porrika: ["goal-0", "immobilized-1"],
  takat: ["goal-0", "immobilized-0", "immobilized-1"],
};

/** The i18n key of why a game ended: the game's own line for a win (who did what), else the general reason. */
export function endReasonKey(gameId: string, reason: string | null, winner: Side | null): string {
  const general = `CANTINA.Unequal.Reason.${reason ?? "goal"}`;
  if (winner === null) return general;
  const own = `${reason ?? "goal"}-${winner}`;
  return WIN_REASONS[gameId]?.includes(own) ? `CANTINA.Unequal.WinReason.${gameId}.${own}` : general;
}

/** The viewer's side in the game being played (null: a spectator or the GM). */
export function mySide(update: TableUpdate, st: TwoSideState): Side | null {
  return update.seat === st.seats[0] ? 0 : update.seat === st.seats[1] ? 1 : null;
}

/** The viewer's side when it is theirs to move; null otherwise (a board click is then refused: not your turn). */
export function actingSide(update: TableUpdate, st: TwoSideState): Side | null {
  const side = mySide(update, st);
  return side !== null && side === st.turn ? side : null;
}

/**
 * A board click's refusal for these games: a click out of turn is refused as such, any other is
 * explained by the game's own `why`, given the state and the acting side.
 */
export function refusalInTurn<S extends TwoSideState, M>(
  why: (click: BoardClick, st: S, side: Side, input: ActionInput) => ActionResult,
): (click: BoardClick, update: TableUpdate<{ readonly state: S }, M>, input: ActionInput) => ActionResult {
  return (click, update, input) => {
    const st = update.view.state;
    const side = actingSide(update, st);
    return side === null ? refused(E.notYourTurn) : why(click, st, side, input);
  };
}

/** The board's offers: each legal move at its pair of board ids (a move without a pair is not clicked on the board). */
export function pairedOffers<M>(
  moves: readonly M[],
  pair: (move: M) => { readonly from: string; readonly to: string } | null,
): BoardOffer<M>[] {
  return moves.flatMap((move) => {
    const p = pair(move);
    return p ? [{ from: p.from, to: p.to, move }] : [];
  });
}

/** Each side's player's name, side 0 first (the board's pieces are named by them). */
export function sideNames(update: TableUpdate, st: TwoSideState): readonly [string, string] {
  const names = seatNames(update);
  return [names[st.seats[0]] ?? st.seats[0], names[st.seats[1]] ?? st.seats[1]];
}

export interface Blocked {
  readonly at: string;
  readonly reasonKey: string;
}

/** The header, players, match score and waiting line every unequal-forces window shows. */
export function sharedContext(
  update: TableUpdate,
  st: TwoSideState,
  match: MatchSummary | undefined,
  extra: { readonly reserves?: readonly [number, number] } = {},
): Record<string, unknown> {
  const names = seatNames(update);
  const nameOfSeat = (seat: string): string => names[seat] ?? seat;
  const nameOf = (side: Side): string => nameOfSeat(st.seats[side]);
  const sideKeys = SIDE_KEYS[update.table.gameId] ?? ["CANTINA.Unequal.Side.First", "CANTINA.Unequal.Side.Second"];
  const me = mySide(update, st);
  const legalCount = update.legalMoves.length;
  let status: { key: string; name: string; side: string; reason: string };
  if (st.over) {
    const reason = endReasonKey(update.table.gameId, st.reason, st.winner);
    status =
      st.winner === null
        ? { key: "CANTINA.Unequal.Status.Draw", name: "", side: "", reason }
        : { key: "CANTINA.Unequal.Status.Won", name: nameOf(st.winner), side: sideKeys[st.winner], reason };
  } else status = { key: "CANTINA.Unequal.Status.Turn", name: nameOf(st.turn), side: sideKeys[st.turn], reason: "" };

  const matchContext = match?.paired
    ? {
        round: match.round + 1,
        games: match.games.map((g, i) => ({
          number: i + 1,
          firstName: nameOfSeat(g.first),
          winner: g.winner === null ? "" : nameOfSeat(g.winner),
          reasonKey: endReasonKey(
            update.table.gameId,
            g.reason,
            g.winner === null ? null : g.winner === g.first ? 0 : 1,
          ),
          points: match.seats.map((s) => g.points[s] ?? 0).join(" – "),
        })),
        totals: match.seats.map((s) => ({ name: nameOfSeat(s), points: match.totals[s] ?? 0 })),
        over: match.over,
        winner: match.winner === null ? "" : nameOfSeat(match.winner),
      }
    : null;

  return {
    tableId: update.table.id,
    gameKey: `CANTINA.Unequal.Games.${update.table.gameId}`,
    status,
    over: st.over,
    moves: st.moves,
    maxMoves: st.draw.maxMoves,
    repetition: st.draw.repetitionDraw,
    match: matchContext,
    players: ([0, 1] as const).map((side) => ({
      owner: side,
      seat: st.seats[side],
      name: nameOf(side),
      sideKey: sideKeys[side],
      isMe: side === me,
      toAct: !st.over && side === st.turn,
      winner: st.winner === side,
      reserve: extra.reserves?.[side] ?? null,
    })),
    waitingFor: !st.over && (me === null || me !== st.turn) ? nameOf(st.turn) : "",
    myTurn: !st.over && me !== null && me === st.turn && legalCount > 0,
  };
}

/** A board click the legal moves do not contain: the rules' reason, or a general one. */
export function refused(reason: UnequalErrorCode | null): ActionResult {
  return refuse(reason ?? E.badMove);
}

/**
 * A click the board itself refused (`refused: "true"`: a piece that cannot move, or a place the
 * selected piece cannot reach) whose target the rules cannot name (a tray, say): where to look instead.
 */
export function refusedClick(input: ActionInput, reason: UnequalErrorCode | null): ActionResult {
  return refused(reason ?? (input.data.refused === "true" ? E.notThere : null));
}

/** A legend line: a mark (a symbol glyph) or a piece (its owner's colour, its kind's shape), and its meaning. */
export type LegendEntry =
  | { readonly glyph: string; readonly key: string }
  | { readonly piece: { readonly owner: number; readonly shape: PieceShapeName }; readonly key: string };

/**
 * The legend's lines: each mark drawn as SVG (never a font's glyph), a piece drawn with the very
 * outline and colour the board gives it (so the legend and the board agree), its meaning beside it.
 */
export function legendContext(entries: readonly LegendEntry[]): { svg: string; key: string }[] {
  return entries.map((entry) => {
    if ("glyph" in entry) return { svg: symbolSvg(entry.glyph), key: entry.key };
    const { owner, shape } = entry.piece;
    const path = pieceShape(owner, 0, 0, 8, shape);
    const svg =
      `<svg class="cantina-legend-piece cantina-piece owner-${owner}" width="1.2em" height="1.2em" viewBox="-12 -12 24 24" ` +
      `aria-hidden="true" focusable="false"><path class="cantina-piece-shape" d="${path}"></path></svg>`;
    return { svg, key: entry.key };
  });
}
