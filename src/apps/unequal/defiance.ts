/**
 * The Defiance and Domain window: squares and points through the shared renderer. A counter is placed
 * from the reserve with the chosen facing, reoriented by clicking it twice; Commands move point to point.
 */
import { squareLabel } from "../core/places";
import { DIRECTION_NAMES, STEPS, squareKey } from "../../rules/grid";
import { succeed } from "../../rules/core";
import type { Side } from "../../rules/unequal/common";
import { E, type UnequalErrorCode } from "../../rules/unequal/errors";
import {
  type DefianceMove,
  type DefianceState,
  type DefianceView,
  IMPERIUM,
  POINTS,
  REBEL,
  SIZE,
  controlled,
  defianceRefusal,
  dirOf,
  domainOfSquare,
  flanked,
  isBorderPoint,
  isKeyPoint,
  ownerOf,
} from "../../rules/unequal/defiance";
import type { MatchSummary } from "../../rules/unequal/match";
import type { TableUpdate } from "../../table/protocol";
import { type BoardContext, type BoardMove, type BoardPointSpec, type BoardSpec, boardContext } from "../board/context";
import { facingArrowSvg } from "../core/symbols";
import type { ActionInput, ActionResult } from "../core/types";
import { type BoardClick, type BoardOffer, boardMoveAction } from "../board/board-move";
import { defianceMoveList, moveListFor } from "./move-list";
import { legendContext, pairedOffers, refusalInTurn, refused, refusedClick, sharedContext, sideNames } from "./common";
import type { CellTone } from "../../palette";

const squareId = (s: number): string => squareKey({ x: s % SIZE, y: Math.floor(s / SIZE) });
const pointId = (p: number): string => `p${p}`;
const trayId = (side: Side): string => `reserve-${side}`;

/** What a legal move is on the board (the facing comes from the controls, so one pair per square). */
export function defiancePair(m: DefianceMove, side: Side): BoardMove | null {
  switch (m.type) {
    case "place":
      return { from: trayId(side), to: squareId(m.square), id: "place" };
    case "turn":
      return { from: squareId(m.square), to: squareId(m.square), id: "turn" };
    case "command":
      return { from: pointId(m.from), to: pointId(m.to), id: "command" };
    default:
      return null;
  }
}

const parseSquare = (id: string): number | null => {
  const m = /^(\d),(\d)$/.exec(id);
  return m ? Number(m[2]) * SIZE + Number(m[1]) : null;
};
const parsePoint = (id: string): number | null => {
  const m = /^p(\d{1,3})$/.exec(id);
  const n = m ? Number(m[1]) : -1;
  return n >= 0 && n < POINTS * POINTS ? n : null;
};

/** The facing the player chose in the controls' radio group (a form field), north by default. */
export const facingOf = (fields: Readonly<Record<string, string>>): number => {
  const n = Number(fields.facing ?? 0);
  return Number.isInteger(n) && n >= 0 && n < 8 ? n : 0;
};

const STEP_ORDER: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
  [1, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
];
const inPoints = (x: number, y: number): boolean => x >= 0 && x < POINTS && y >= 0 && y < POINTS;

/**
 * Why `side` cannot act with what stands on `id` (a counter's square or a Command's point) now,
 * clicked alone (null: it can): the phase, whose it is, or what blocks every step of the Command.
 */
export function pieceRefusal(st: DefianceState, side: Side, id: string, dir: number): UnequalErrorCode | null {
  const square = parseSquare(id);
  if (square !== null) return defianceRefusal(st, side, { type: "turn", square, dir });
  const from = parsePoint(id);
  if (from === null) return null;
  const fx = from % POINTS;
  const fy = Math.floor(from / POINTS);
  // Straight steps first: an Imperial Command has no other, and their reasons say the most.
  const reasons = STEP_ORDER.filter(([dx, dy]) => inPoints(fx + dx, fy + dy)).map(([dx, dy]) =>
    defianceRefusal(st, side, { type: "command", from, to: (fy + dy) * POINTS + fx + dx }),
  );
  if (reasons.some((r) => r === null)) return null;
  return reasons.find((r) => r !== E.defiance.notAStep) ?? reasons[0] ?? null;
}

export type DefianceMatchView = DefianceView & { readonly match?: MatchSummary };

/** A square's colour: its domain's shade (two domains each), or the dead squares' where a side would die. */
function squareTone(domain: number, dead: boolean): CellTone {
  if (dead) return { fill: "unequal-dead" };
  return { fill: domain === 0 || domain === 3 ? "unequal-domain-a" : "unequal-domain-b" };
}

/**
 * Defiance and Domain's board model (squares with points on their corners): the window's board part
 * and every host's canvas board (`GameApp.boardContext`) draw this one.
 */
export function defianceBoard(update: TableUpdate<DefianceMatchView, DefianceMove>): BoardContext {
  const view = update.view;
  const st = view.state;
  const moves = update.legalMoves.flatMap((m) => {
    const p = defiancePair(m, st.turn);
    return p ? [p] : [];
  });
  // One pair per square even though each facing is its own legal move.
  const unique = [...new Map(moves.map((m) => [`${m.from}>${m.to}`, m])).values()];
  const names = sideNames(update, st);

  const cells = st.cells.map((c, s) => {
    const owner = ownerOf(c);
    const deadFor: Side[] =
      owner === null
        ? ([REBEL, IMPERIUM] as const).filter((side) => flanked(st, s, side === REBEL ? IMPERIUM : REBEL))
        : [];
    const domain = domainOfSquare(s);
    return {
      at: squareId(s),
      // Read out as the move list and chat write it ("c3"), not by its id ("2,2").
      label: squareLabel(s % SIZE, Math.floor(s / SIZE)),
      kind: domain === 0 || domain === 3 ? "domain-a" : "domain-b",
      tone: squareTone(domain, deadFor.length > 0),
      glyph: deadFor.length > 0 ? "✕" : "",
      kindKey:
        deadFor.length === 2
          ? "CANTINA.Unequal.Defiance.DeadBoth"
          : deadFor.length === 1
            ? `CANTINA.Unequal.Defiance.DeadFor${deadFor[0]}`
            : undefined,
      classes: [...deadFor.map((side) => `dead-for-${side}`), st.last?.square === s ? "last-moved" : ""].filter(
        Boolean,
      ),
      piece:
        owner === null
          ? null
          : {
              owner,
              kind: "counter",
              labelKey: "CANTINA.Unequal.Defiance.CounterOf",
              name: names[owner] ?? "",
              facing: dirOf(c),
            },
    };
  });

  const points: BoardPointSpec[] = [];
  for (let p = 0; p < POINTS * POINTS; p++) {
    const px = p % POINTS;
    const py = Math.floor(p / POINTS);
    // An Imperial Command that has taken the Rebel Command stands on its point: it is drawn there (it
    // used to vanish under the captured Rebel Command at the end: issue 27).
    const commandOf: Side | null = st.imperial.includes(p) ? IMPERIUM : st.rebel === p ? REBEL : null;
    const captor = commandOf === IMPERIUM && st.rebel === p;
    const key = isKeyPoint(p);
    const held = key && controlled(st, p);
    const classes = [
      key ? "key" : "",
      isBorderPoint(p) ? "border" : "",
      held ? "controlled" : "",
      commandOf === null ? "" : "occupied",
      captor ? "captured-rebel" : "",
      st.last?.to === p ? "last-moved" : st.last?.from === p ? "last-from" : "",
    ];
    points.push({
      id: pointId(p),
      x: px,
      y: py,
      label: squareLabel(px, py),
      kindKey: held ? "CANTINA.Unequal.Defiance.Controlled" : key ? "CANTINA.Unequal.Defiance.KeyPoint" : undefined,
      classes: classes.filter(Boolean),
      piece:
        commandOf === null
          ? null
          : {
              owner: commandOf,
              kind: "command",
              glyph: "",
              shape: commandOf === REBEL ? "star" : "cross",
              labelKey: captor ? "CANTINA.Unequal.Defiance.CommandTook" : "CANTINA.Unequal.Defiance.CommandOf",
              name: names[commandOf] ?? "",
            },
    });
  }

  const spec: BoardSpec = {
    grid: "square",
    labelKey: "CANTINA.Unequal.Defiance.Board",
    cellPixels: 40,
    // The Commands stand on points: big enough to tell apart at a glance (issue 27).
    pointRadius: 0.42,
    cells,
    points,
    trays: ([REBEL, IMPERIUM] as const).map((side) => ({
      id: trayId(side),
      owner: side,
      labelKey: "CANTINA.Unequal.Defiance.Reserve",
      count: view.reserve[side],
    })),
    pieceGlyphs: ["", ""],
    moves: unique,
  };
  return boardContext(spec);
}

export function defianceContext(
  update: TableUpdate<DefianceMatchView, DefianceMove>,
  kept: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const view = update.view;
  const st = view.state;
  const legal = update.legalMoves;
  const shared = sharedContext(update, st, view.match, { reserves: view.reserve });
  const facing = facingOf(kept);
  const myTurn = shared.myTurn === true;
  return {
    ...shared,
    game: "defiance",
    board: defianceBoard(update),
    moveList: moveListFor(
      myTurn,
      defianceMoveList(legal, (m) => defiancePair(m, st.turn), SIZE, POINTS),
    ),
    blocked: [],
    phase: st.phase,
    hint: st.phase === "counter" ? "CANTINA.Unequal.Defiance.HintCounter" : "CANTINA.Unequal.Defiance.HintCommand",
    facings:
      myTurn && st.phase === "counter"
        ? DIRECTION_NAMES.map((name, i) => ({
            dir: i,
            arrow: facingArrowSvg(i * 45),
            nameKey: `CANTINA.Board.Facing.${name}`,
            chosen: i === facing,
            // Its place in the compass (north up; row 1 is the question): styles/unequal.css reads it.
            compassRow: 3 + STEPS[name].dy,
            compassColumn: 2 + STEPS[name].dx,
          }))
        : [],
    canStay: legal.some((m) => m.type === "stay"),
    compulsory: st.options.compulsoryCommand,
    legend: legendContext([
      // As the board draws them: a key point a small dot, one the Rebels control ringed.
      { glyph: "•", key: "CANTINA.Unequal.Defiance.KeyPoint" },
      { glyph: "◉", key: "CANTINA.Unequal.Defiance.Controlled" },
      { glyph: "✕", key: "CANTINA.Unequal.Defiance.DeadZone" },
      { piece: { owner: REBEL, shape: "star" }, key: "CANTINA.Unequal.Defiance.RebelCommand" },
      { piece: { owner: IMPERIUM, shape: "cross" }, key: "CANTINA.Unequal.Defiance.ImperialCommand" },
    ]),
  };
}

/** The board's moves: each legal move as its pair, a placing or turn only with the facing the window's form chose. */
function defianceOffers(
  update: TableUpdate<DefianceMatchView, DefianceMove>,
  fields: Readonly<Record<string, string>>,
): BoardOffer<DefianceMove>[] {
  const dir = facingOf(fields);
  const turn = update.view.state.turn;
  return pairedOffers(update.legalMoves, (m) =>
    (m.type === "place" || m.type === "turn") && m.dir !== dir ? null : defiancePair(m, turn),
  );
}

/** A click that names no offered move: why it is none. */
const refusal = refusalInTurn((click: BoardClick, st: DefianceState, side: Side, input: ActionInput): ActionResult => {
  const { from, to } = click;
  const dir = facingOf(input.fields);
  // A counter or Command clicked alone that the board did not offer: why it cannot act.
  if (to === "" && from !== "") return refusedClick(input, pieceRefusal(st, side, from, dir));
  let move: DefianceMove | null = null;
  if (from === trayId(side)) {
    const square = parseSquare(to);
    if (square !== null) move = { type: "place", square, dir };
  } else if (from === to && parseSquare(from) !== null) move = { type: "turn", square: parseSquare(from)!, dir };
  else {
    const a = parsePoint(from);
    const b = parsePoint(to);
    if (a !== null && b !== null) move = { type: "command", from: a, to: b };
  }
  return refusedClick(input, move === null ? null : defianceRefusal(st, side, move));
});

const boardMove = boardMoveAction({ offers: defianceOffers, refusal });

export const defianceActions = {
  "board-move": boardMove,
  stay: (_input: ActionInput, update: TableUpdate<DefianceMatchView, DefianceMove>): ActionResult =>
    update.legalMoves.some((m) => m.type === "stay")
      ? succeed({ move: { type: "stay" } })
      : refused(update.view.state.phase === "counter" ? E.defiance.counterFirst : E.defiance.mustMoveCommand),
} satisfies Record<string, (input: ActionInput, update: TableUpdate<DefianceMatchView, DefianceMove>) => ActionResult>;
