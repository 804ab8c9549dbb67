/**
 * The Ubongo window's context (race and solo) from one viewer's update and the tiles laid but not
 * claimed: round, die, hourglass, scores, the own task card as a placement board (and as a puzzle).
 * Details: docs/windows.md, "src/apps/ubongo/context.ts".
 */
import { type Square, normalize } from "../../rules/grid";
import {
  JEDI_TILES,
  type Piece,
  type Side,
  type TileId,
  type UbongoMove,
  type UbongoSeatView,
  type UbongoView,
  cardById,
  isTileId,
  pieceCells,
  soloRecordKey,
  tileShape,
} from "../../rules/ubongo";
import type { TableUpdate } from "../../table/protocol";
import type { BoardSpec } from "../board/context";
import {
  type PlacementContext,
  type TilePlacement,
  type TileSpec,
  orientShape,
  parsePlacements,
  placedCells,
  placementContext,
} from "../board/placement";
import { type PuzzleTask, seatNames } from "../core/types";
import { symbolSvg } from "../core/symbols";
import { SYMBOL_GLYPHS } from "./cards";

const setKey = (cells: readonly Square[]): string =>
  normalize(cells)
    .map((c) => `${c.x},${c.y}`)
    .sort()
    .join(";");
const corner = (cells: readonly Square[]): Square => ({
  x: Math.min(...cells.map((c) => c.x)),
  y: Math.min(...cells.map((c) => c.y)),
});

/** The side a tile lies in the tray with: the die's, or light in Jedi Masters (F turns it over). */
export function traySide(view: UbongoView): Side {
  return view.side ?? "light";
}

/** The tray's tiles for a task: the card's tiles for the rolled symbol, or Jedi Masters' ten. */
export function trayTiles(view: UbongoView, seat: UbongoSeatView): TileSpec[] {
  const ids: readonly TileId[] = seat.tiles ?? JEDI_TILES;
  return ids.map((id) => ({
    id,
    shape: tileShape(id, traySide(view), 0),
    labelKey: `CANTINA.Ubongo.Tile.${id}`,
    colour: `ubongo-tile-${id}`,
  }));
}

/**
 * The piece a laid tile is, whatever convention the tray's shape follows: the side and quarter
 * turns whose squares are the ones it covers (null if no allowed side gives them). A tile that looks
 * the same either side up shows the side the player turned up: turned over (F) is the other side.
 */
export function pieceOfPlacement(p: TilePlacement, view: UbongoView): Piece | null {
  if (!isTileId(p.tileId)) return null;
  const cells = placedCells(tileShape(p.tileId, traySide(view), 0), p);
  const want = setKey(cells);
  const at = corner(cells);
  const tray = traySide(view);
  const other: Side = tray === "light" ? "dark" : "light";
  const sides: readonly Side[] = view.side ? [view.side] : p.flipped ? [other, tray] : [tray, other];
  for (const side of sides)
    for (let turns = 0; turns < 4; turns++) {
      const shape = tileShape(p.tileId, side, turns);
      if (setKey(shape) !== want) continue;
      const c = corner(shape);
      return { tile: p.tileId, side, turns, x: at.x - c.x, y: at.y - c.y };
    }
  return null;
}

/** A claimed piece back as a placement of the tray's shape (to draw an accepted board). */
export function placementOfPiece(piece: Piece, traySideUp: Side): TilePlacement | null {
  const cells = pieceCells(piece);
  const want = setKey(cells);
  const at = corner(cells);
  const base = tileShape(piece.tile, traySideUp, 0);
  // The other side is drawn turned over, even for a tile that looks the same either side up.
  for (const flipped of piece.side === traySideUp ? [false, true] : [true, false])
    for (let rotation = 0; rotation < 4; rotation++) {
      const shape = orientShape(base, { rotation, flipped });
      if (setKey(shape) !== want) continue;
      const c = corner(shape);
      return { tileId: piece.tile, rotation, flipped, at: { x: at.x - c.x, y: at.y - c.y } };
    }
  return null;
}

/** The claim for what the window laid (null: a tile that no allowed side gives). */
export function claimFor(placements: readonly TilePlacement[], view: UbongoView): UbongoMove | null {
  const pieces = placements.map((p) => pieceOfPlacement(p, view));
  return pieces.every((p): p is Piece => p !== null) ? { type: "claim", pieces } : null;
}

/**
 * Which task the kept tiles were laid for: a new round or card starts from an empty board; the
 * second chance does not ("Turn the hourglass over and continue to attempt to solve your task cards").
 */
export function taskKey(view: UbongoView, seat: UbongoSeatView | undefined): string {
  return [view.round, view.tieRound, seat?.card ?? "", view.solo?.solved ?? "", view.solo?.setAside ?? ""].join(":");
}

/**
 * The viewer's task as a host-neutral tile puzzle (`GameApp.puzzle`): the own task card while the
 * round is solved, the tray's tiles, and the claim the laid tiles make. Roll20 draws it on a page.
 */
export function ubongoPuzzle(update: TableUpdate): PuzzleTask | null {
  const view = update.view as UbongoView | null;
  if (!view || update.seat === null || view.phase !== "solve") return null;
  const mine = view.seats.find((s) => s.seat === update.seat);
  if (!mine?.board || !mine.contender) return null;
  return {
    key: taskKey(view, mine),
    board: mine.board,
    tiles: trayTiles(view, mine),
    allowFlip: view.variant === "jedi",
    open: mine.place === null,
    claim: (laid) => claimFor(laid, view),
  };
}

/** Screen pixels per board square: red boards (5 rows) a little smaller, so the board fits a 768 px screen. */
export function cellPixels(board: readonly string[]): number {
  return board.length >= 5 ? 44 : 48;
}

function boardSpec(board: readonly string[], labelKey: string): BoardSpec {
  const cells: BoardSpec["cells"][number][] = [];
  board.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "#") cells.push({ at: `${x},${y}`, kind: "ubongo-square" });
  });
  return { grid: "square", cells, moves: [], labelKey, cellPixels: cellPixels(board) };
}

/** A finished board as rows of squares, each with the tile on it (for the round's results). */
function boardRows(board: readonly string[], pieces: readonly Piece[]) {
  const on = new Map<string, TileId>();
  for (const p of pieces) for (const c of pieceCells(p)) on.set(`${c.x},${c.y}`, p.tile);
  return board.map((row, y) =>
    [...row].map((ch, x) => {
      const tile = on.get(`${x},${y}`);
      return { square: ch === "#", tile: tile ?? "", colour: tile ? `ubongo-tile-${tile}` : "" };
    }),
  );
}

function shownBoard(
  view: UbongoView,
  board: readonly string[],
  tiles: TileSpec[],
  pieces: readonly Piece[],
  side: Side,
  labelKey: string,
): PlacementContext {
  const placed = pieces.flatMap((p) => placementOfPiece(p, side) ?? []);
  return placementContext({
    board: boardSpec(board, labelKey),
    tiles,
    placed,
    allowFlip: view.variant === "jedi",
    locked: true,
  });
}

/** Milliseconds as a stopwatch shows them: m:ss.t. */
export function stopwatch(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, "0")}.${tenths % 10}`;
}

export function ubongoContext(
  update: TableUpdate<UbongoView, UbongoMove>,
  kept: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const view = update.view;
  const names = seatNames(update);
  const nameOf = (seat: string): string => names[seat] ?? seat;
  const legal = update.legalMoves;
  const mine = view.seats.find((s) => s.seat === update.seat);
  const side = traySide(view);
  const solving = view.phase === "solve" && mine !== undefined && mine.contender && mine.place === null;

  let board: PlacementContext | null = null;
  if (mine?.board && view.phase === "solve") {
    const tiles = trayTiles(view, mine);
    if (solving) {
      const laid = kept.placementsFor === taskKey(view, mine) ? (parsePlacements(kept.placements) ?? []) : [];
      board = placementContext({
        board: boardSpec(mine.board, "CANTINA.Ubongo.Window.YourBoard"),
        tiles,
        placed: laid,
        allowFlip: view.variant === "jedi",
      });
    } else if (mine.placement) {
      board = shownBoard(view, mine.board, tiles, mine.placement, side, "CANTINA.Ubongo.Window.YourBoard");
    }
  }

  // The players' boards, only once their round is over (the rules send them only then).
  const last = view.lastRound;
  const lastBoards = last
    ? Object.entries(last.placements).flatMap(([seat, pieces]) => {
        const card = cardById(last.cards[seat] ?? -1);
        return card ? [{ name: nameOf(seat), rows: boardRows(card[view.level].board, pieces) }] : [];
      })
    : [];

  const order =
    view.phase === "over"
      ? []
      : view.seats.filter((s) => s.place !== null).sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
  const die = view.die;
  // The player's own best for this very solo game (mode, target, level, variant), from the host.
  const solo = view.solo;
  const best = solo ? update.records?.[soloRecordKey(solo.mode, solo.target, view.level, view.variant)] : undefined;
  const record = !solo
    ? null
    : best
      ? solo.mode === "count"
        ? { key: "CANTINA.Ubongo.Window.Record.count", value: best.value, time: stopwatch(best.value) }
        : { key: "CANTINA.Ubongo.Window.Record.clock", value: best.value, time: "" }
      : { key: "CANTINA.Ubongo.Window.Record.none", value: null, time: "" };
  return {
    ubongo: {
      solo: view.solo,
      record,
      race: view.solo === null,
      round: view.round,
      rounds: view.rounds,
      tieRound: view.tieRound,
      secondChance: view.turning === 2,
      phase: view.phase,
      roller: nameOf(view.roller),
      // While the round is solved: who is still puzzling (not the viewer), not the one who rolled.
      puzzling:
        view.phase === "solve"
          ? view.seats
              .filter((s) => s.contender && s.place === null && s.seat !== update.seat)
              .map((s) => nameOf(s.seat))
              .join(", ")
          : "",
      die: die
        ? {
            glyphSvg: symbolSvg(SYMBOL_GLYPHS[die.symbol] ?? ""),
            symbolKey: `CANTINA.Ubongo.Symbol.${die.symbol}`,
            sideKey: `CANTINA.Ubongo.Side.${die.side}`,
            row: die.row + 1,
          }
        : null,
      jedi: view.variant === "jedi",
      hourglass: view.timer ? view.timer.seconds : null,
      // The race's hourglass length (the countdown shows the time left); solo says its minutes itself.
      showHourglass: view.timer !== null && view.solo === null,
      solvedKey: `CANTINA.Ubongo.Window.Solved.${view.solo?.mode ?? "clock"}`,
      canStart: legal.some((m) => m.type === "start"),
      canClaim: solving,
      canSetAside: legal.some((m) => m.type === "set-aside"),
      taskKey: taskKey(view, mine),
      card: mine?.card ?? null,
      board,
      finished: order.map((s) => ({ name: nameOf(s.seat), place: s.place })),
      scores: view.seats.map((s) => ({
        name: nameOf(s.seat),
        score: s.score,
        me: s.seat === update.seat,
        place: s.place,
        winner: view.winners.includes(s.seat),
      })),
      lastRound: last ? { round: last.round, boards: lastBoards } : null,
      over: view.phase === "over",
      // Who won a race, said once in the status line (the shared end panel only stars their rows); solo has no race to win.
      winners: view.solo === null ? view.winners.map(nameOf).join(", ") : "",
      nameKey: view.solo ? "CANTINA.Ubongo.Name.ubongo-solo" : "CANTINA.Ubongo.Name.ubongo",
      // The players name the window's landmarks apart from another Ubongo table's (axe: landmark-unique).
      players: view.seats.map((s) => nameOf(s.seat)).join(", "),
    },
    // The placement board (templates/board/placement.hbs); none before the die is rolled.
    placement: board ?? { locked: true, tiles: [], placed: [] },
  };
}
