/** The Ulwan window's context (all three games), built from one viewer's update only. */
import type { SquareKind, UlwanMove, UlwanView } from "../../rules/ulwan";
import type { CellTone } from "../../palette";
import { DICE, GLYPHS, HAND, OFF, boardIndex, isFreeRollOffer, landing } from "../../rules/ulwan";
import type { TableUpdate } from "../../table/protocol";
import { type BoardContext, type BoardMove, type BoardSpec, boardContext } from "../board/context";
import { lastRollFaces } from "../core/dice-faces";
import { symbolSvg } from "../core/symbols";
import { seatNames } from "../core/types";

/** Each tile's colour: Esk's tile is Besh's and Aurek's, Forn's Cresh's and Dorn's (the rules' colour pairs). */
const TONES: Readonly<Record<SquareKind, CellTone>> = {
  plain: { fill: "ulwan-plain" },
  aurek: { fill: "ulwan-aurek" },
  besh: { fill: "ulwan-besh" },
  cresh: { fill: "ulwan-cresh" },
  dorn: { fill: "ulwan-dorn" },
  esk: { fill: "ulwan-besh", split: "ulwan-aurek" },
  forn: { fill: "ulwan-cresh", split: "ulwan-dorn" },
};

/** Piece glyphs by player: a circle and a square, besides their colours. */
export const PIECE_GLYPHS = ["●", "■"] as const;

/** The (from, to) pair a legal move is drawn as on the board, or null for non-board moves. */
export function pairOf(view: UlwanView, move: UlwanMove): BoardMove | null {
  const st = view.state;
  const s = st.turn;
  const b = boardIndex(st.board);
  const id = (sq: number): string => (sq === OFF ? "off" : (st.board.squares[sq]?.id ?? ""));
  const first = id(b.paths[s][0] as number);
  switch (move.type) {
    case "move": {
      const from = b.byId.get(move.from);
      if (from === undefined || st.roll === null) return null;
      const l = landing(st, s, from, st.roll);
      return "error" in l ? null : { from: move.from, to: id(l.dest) };
    }
    case "enter": {
      if (st.roll === null) return null;
      const l = landing(st, s, HAND, st.roll);
      return "error" in l ? null : { from: "hand", to: id(l.dest) };
    }
    case "place":
    case "dorn-place":
    case "dorn-buy":
      return { from: "hand", to: first };
    case "esk":
      return { from: move.from, to: move.to };
    default:
      return null;
  }
}

const has = (legal: readonly UlwanMove[], type: UlwanMove["type"]): boolean => legal.some((m) => m.type === type);

/** Each legal move the board shows, with its (from, to) pair. */
function boardPairs(update: TableUpdate<UlwanView, UlwanMove>): { move: UlwanMove; pair: BoardMove }[] {
  return update.legalMoves.flatMap((move) => {
    const pair = pairOf(update.view, move);
    return pair ? [{ move, pair }] : [];
  });
}

/** The viewer's side (null: a spectator or the GM). */
const sideOf = (update: TableUpdate<UlwanView, UlwanMove>): 0 | 1 | null => {
  const seats = update.view.state.seats;
  return update.seat === seats[0] ? 0 : update.seat === seats[1] ? 1 : null;
};

/**
 * The Ulwan family's board model (the track board of all three games): the window's board part and
 * every host's canvas board (`GameApp.boardContext`) draw this one.
 */
export function ulwanBoard(update: TableUpdate<UlwanView, UlwanMove>): BoardContext {
  const st = update.view.state;
  const names = seatNames(update);
  const nameOf = (p: 0 | 1): string => names[st.seats[p]] ?? st.seats[p];
  const me = sideOf(update);
  const spec: BoardSpec = {
    grid: "square",
    labelKey: "CANTINA.Board.Label",
    pieceGlyphs: [...PIECE_GLYPHS],
    flip: me === 1,
    showLabels: true,
    inset: 0.04,
    cells: st.board.squares.map((sq, i) => {
      const who = st.pos[0].includes(i) ? 0 : st.pos[1].includes(i) ? 1 : -1;
      const kind = sq.kind === "plain" ? "plain" : sq.kind;
      return {
        id: sq.id,
        at: `${sq.col},${sq.row}`,
        kind,
        tone: TONES[sq.kind],
        glyph: GLYPHS[sq.kind],
        kindKey: `CANTINA.Ulwan.Kind.${kind}`,
        classes: [sq.owner === null ? "shared" : `side-${sq.owner}`, `colour-${sq.colour}`],
        piece: who === -1 ? null : { owner: who, labelKey: "CANTINA.Board.PieceOf", name: nameOf(who) },
      };
    }),
    trays: ([0, 1] as const).flatMap((p) => [
      {
        id: p === me ? "hand" : `hand-${p}`,
        owner: p,
        labelKey: "CANTINA.Ulwan.Hand",
        count: st.pos[p].filter((x) => x === HAND).length,
      },
      {
        id: p === me ? "off" : `off-${p}`,
        owner: p,
        labelKey: "CANTINA.Ulwan.Off",
        count: st.pos[p].filter((x) => x === OFF).length,
      },
    ]),
    moves: boardPairs(update).map((p) => p.pair),
    // Each side's path (square ids, entry first): the canvas slides a moved piece along it.
    tracks: st.board.paths,
  };
  return boardContext(spec);
}

/** The roll the state holds as its four coins (successes marked), from the roll's event; [] if none is known. */
function rollDice(update: TableUpdate<UlwanView, UlwanMove>, seen: TableUpdate["events"] | undefined) {
  const roll = update.view.state.roll;
  if (roll === null) return [];
  const faces = lastRollFaces(seen ?? update.events, update.table.version, DICE, roll);
  return (faces?.dice ?? []).map((d) => ({ value: d.value, success: d.success === true, svg: d.svg }));
}

export function ulwanContext(
  update: TableUpdate<UlwanView, UlwanMove>,
  _kept?: Readonly<Record<string, string>>,
  seen?: TableUpdate["events"],
): Record<string, unknown> {
  const view = update.view;
  const st = view.state;
  const legal = update.legalMoves;
  const names = seatNames(update);
  const nameOf = (p: 0 | 1): string => names[st.seats[p]] ?? st.seats[p];
  const me = sideOf(update);
  const seven = st.ruleset === "seven";
  const e = st.economy;
  const tokens = e !== null && e.payment !== "open";
  const pairs = boardPairs(update);

  const toAct = st.phase === "over" ? null : st.turn;
  let status: { key: string; params: Record<string, string | number> };
  if (st.phase === "over")
    status = { key: "CANTINA.Ulwan.Status.Over", params: { name: st.winner === null ? "" : nameOf(st.winner) } };
  else if (st.phase === "roll") status = { key: "CANTINA.Ulwan.Status.Roll", params: { name: nameOf(st.turn) } };
  else if (st.phase === "move")
    status = { key: "CANTINA.Ulwan.Status.Move", params: { name: nameOf(st.turn), roll: st.roll ?? 0 } };
  else if (isFreeRollOffer(st))
    status = { key: "CANTINA.Ulwan.Status.Offer.extraRoll", params: { name: nameOf(st.turn) } };
  else
    status = {
      key: `CANTINA.Ulwan.Status.Offer.${st.offer?.kind ?? "cresh"}`,
      params: { name: nameOf(st.turn), cost: st.offer?.cost ?? 0 },
    };

  // Outside Seven Ulwan only Cresh has an effect; other kinds on an imported board are plain squares there.
  const kinds = [...new Set(st.board.squares.map((s) => s.kind))].filter(
    (k) => k !== "plain" && (seven || k === "cresh"),
  );
  const currencyKey = tokens ? "CANTINA.Ulwan.Tokens" : "CANTINA.Ulwan.Credits";
  const c = me === null ? null : view.costs[me];

  return {
    tableId: update.table.id,
    gameKey: `CANTINA.Games.${update.table.gameId}`,
    status,
    over: st.phase === "over",
    seven,
    roll: st.roll,
    hasRoll: st.roll !== null,
    rollDice: rollDice(update, seen),
    board: ulwanBoard(update),
    players: ([0, 1] as const).map((p) => ({
      seat: st.seats[p],
      owner: p,
      name: nameOf(p),
      glyph: PIECE_GLYPHS[p],
      glyphSvg: symbolSvg(PIECE_GLYPHS[p]),
      isMe: p === me,
      toAct: p === toAct,
      hand: st.pos[p].filter((x) => x === HAND).length,
      off: st.pos[p].filter((x) => x === OFF).length,
      pieces: st.pieces,
      winner: st.winner === p,
      invaded: view.invaded[p],
      hasWallet: e !== null,
      wallet: e === null ? 0 : tokens ? e.tokens[p] : e.credits[p],
      credits: e === null ? 0 : e.credits[p],
      tokens,
      currencyKey,
      // The tiles row only where the board has Aurek or Besh tiles (Finkel's has none: issue 27).
      hasStats: st.board.squares.some((sq) => sq.kind === "aurek" || sq.kind === "besh"),
      aurek: st.stats.aurek[p],
      besh: st.stats.besh[p],
      activations: st.stats.activations[p],
    })),
    economy: e && {
      paymentKey: `CANTINA.Ulwan.Payment.${e.payment}`,
      ante: e.payment === "open" ? e.unit : e.ante,
      pot: e.pot,
      fees: e.fees,
      tokens,
      unit: e.unit,
      currencyKey,
    },
    legend: kinds.map((k) => ({
      kind: k,
      glyph: GLYPHS[k],
      nameKey: `CANTINA.Ulwan.Kind.${k}`,
      /** The folded legend's name: the swatch beside it shows the colour. */
      shortKey: `CANTINA.UlwanLegend.Short.${k}`,
      effectKey: `CANTINA.Ulwan.Effect.${seven ? "seven" : st.ruleset}.${k}`,
    })),
    controls: {
      any: legal.length > 0,
      roll: has(legal, "roll"),
      /** Ulwan's Cresh: the roll button takes the extra roll, beside the decline button. */
      extraRoll: has(legal, "roll") && isFreeRollOffer(st),
      buyRoll: has(legal, "buy-roll"),
      decline: has(legal, "decline"),
      dornPlace: has(legal, "dorn-place"),
      dornBuy: has(legal, "dorn-buy"),
      offerCost: st.offer?.cost ?? 0,
      dornCost: c?.dorn ?? 0,
      currencyKey,
      moves: pairs.map(({ move, pair }) => ({
        from: pair.from,
        to: pair.to,
        labelKey: `CANTINA.Ulwan.MoveLabel.${move.type}`,
        fromLabel: pair.from,
        toLabel: pair.to,
      })),
    },
    waitingFor: legal.length === 0 && st.phase !== "over" ? nameOf(st.turn) : "",
    ...analysisContext(view, nameOf),
  };
}

/** A review's loss (a chance) at or above which a move is marked as a mistake. */
export const MISTAKE_LOSS = 0.02;

/**
 * The analysis parts, present only when the host sent them (the view decides who gets them): the
 * win-chance bar, and after the game the review with squares named as on the board.
 */
function analysisContext(view: UlwanView, nameOf: (p: 0 | 1) => string): Record<string, unknown> {
  const st = view.state;
  const b = boardIndex(st.board);
  const pct = (x: number): number => Math.round(100 * x);
  const square = (turn: 0 | 1, i: number): string =>
    i < 0 ? "" : (st.board.squares[b.paths[turn][i] as number]?.id ?? "");
  const chances = view.winChances;
  return {
    // Chances of winning are a live notice: gone once the game is over (the review stays).
    winBar:
      chances && st.phase !== "over"
        ? {
            first: { name: nameOf(0), pct: pct(chances[0]) },
            second: { name: nameOf(1), pct: 100 - pct(chances[0]) },
          }
        : null,
    review: view.review
      ? view.review.map((line, n) => ({
          n: n + 1,
          owner: line.turn,
          name: nameOf(line.turn),
          roll: line.roll,
          played: square(line.turn, line.played),
          playedFromHand: line.played < 0,
          best: square(line.turn, line.best),
          bestFromHand: line.best < 0,
          bestPlayed: line.best === line.played,
          loss: (100 * line.loss).toFixed(1),
          mistake: line.loss >= MISTAKE_LOSS,
        }))
      : null,
  };
}
