/**
 * What a game's window is made of, independent of the host (Foundry, the standalone page, tests):
 * template parts, a context built from one viewer's update, and actions that turn clicks into moves.
 */
import type { GameEvent, Result } from "../../rules/core";
import type { TableUpdate } from "../../table/protocol";
import type { Shape, Square } from "../../rules/grid";
import type { BoardContext } from "./board-model";
import type { Localizer } from "./i18n";

/** What a click carries: the clicked element's data-* attributes and the window's form fields. */
export interface ActionInput {
  readonly data: Readonly<Record<string, string>>;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * What an action answers, in the one Result shape (src/rules/core/result.ts): the move to send, or
 * values the window keeps without sending anything (tiles laid but not yet claimed: the controller
 * holds them per table, hands them to the next drawings' `context` and to later actions' `fields`);
 * or a refusal, whose error the window shows instead.
 */
export type ActionResult = Result<{ readonly move: unknown } | { readonly keep: Readonly<Record<string, string>> }>;

/**
 * A game's window. `V` and `M`: its game's view and move types, which its context, actions and help
 * read without casts; the registry erases them (src/games/family.ts) and hands each window only its
 * own game's updates.
 */
export interface GameApp<V = unknown, M = unknown> {
  readonly gameId: string;
  /**
   * Part name to template path under templates/, in render order. A host redraws a part only when
   * what its template reads of the context changed (src/apps/table/window-model.ts).
   */
  readonly parts: Readonly<Record<string, string>>;
  /**
   * `kept`: what the window's actions kept for this table (see ActionResult). `seen`: the viewer's
   * events of the table as its client holds them, oldest first (an update carries only those new
   * since the last one); absent: the update's own.
   */
  context(
    update: TableUpdate<V, M>,
    kept?: Readonly<Record<string, string>>,
    seen?: TableUpdate["events"],
  ): Record<string, unknown>;
  readonly actions: Readonly<Record<string, (input: ActionInput, update: TableUpdate<V, M>) => ActionResult>>;
  /**
   * The game's in-window help (how to play): a template path under templates/, drawn as one more
   * part while the viewer has it open, with `helpContext` (card values, tile costs…) as its context.
   */
  readonly help?: string;
  helpContext?(update: TableUpdate<V, M>): Record<string, unknown>;
  /**
   * The game's one board function: the board alone as this update's viewer sees it (pieces, and the
   * moves they may make now). The window context draws the same under `board`; the canvas boards
   * (src/apps/canvas) call it without naming the game. Absent: no board (cards, tiles).
   * Moves chosen on it go to the game's "board-move" action (`canvasMoveData`).
   */
  boardContext?(update: TableUpdate<V, M>, kept?: Readonly<Record<string, string>>): BoardContext | null;
  /**
   * The tile puzzle this update's viewer solves now (a polyomino race), for hosts that draw it
   * without the window (Roll20's player pages): hosts call it without naming the game. Absent or
   * null: no puzzle for this viewer now.
   */
  puzzle?(update: TableUpdate<V, M>): PuzzleTask | null;
  /**
   * The viewer's own hidden hand as one line of text, for hosts that show it without the window
   * (Roll20's seat card and handout): hosts call it without naming the game. Absent or null: none.
   */
  ownHand?(update: TableUpdate<V, M>, i18n: Localizer): string | null;
  /** A small picture of board data for the lobby's board picker (null: not a board of this game). */
  boardPreview?(board: unknown): BoardPreview | null;
  /** The window lists the moves played ("Moves played", src/apps/core/history.ts): the board games. */
  readonly history?: true;
  /** Whether an event is a card dealt or drawn, for its sound (src/apps/core/cues.ts). Absent: none is. */
  readonly cardEvent?: (event: GameEvent) => boolean;
}

/** A board drawn as a grid of short labels (the lobby's preview; templates/table/board-preview.hbs). */
export interface BoardPreview {
  /** i18n key of what the labels mean (one line under the grid). */
  readonly legendKey: string;
  readonly rows: readonly { readonly cells: readonly { readonly text: string; readonly kind: string }[] }[];
}

/** What every game's help template starts from (its `helpContext`): the table (for ids) and the game's name key. */
export function helpBasics(update: TableUpdate): { help: { tableId: string; gameKey: string; gameId: string } } {
  return {
    help: { tableId: update.table.id, gameKey: `CANTINA.Games.${update.table.gameId}`, gameId: update.table.gameId },
  };
}

/** Seat id to the name shown for it. */
export function seatNames(update: TableUpdate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of update.table.seats) out[s.seat] = s.name;
  return out;
}

/** A viewer's tile puzzle, host-neutral: the squares to cover, the tiles, and the claim for laid tiles. */
export interface PuzzleTask {
  /** Changes when a new task starts (a new round or card): tiles laid for the old one are taken back. */
  readonly key: string;
  /** The squares to cover: rows of "#" (a square) and "." (none), y down. */
  readonly board: readonly string[];
  /** The tiles to lay, each with its shape as it lies in the tray (unturned, the side up). */
  readonly tiles: readonly TileSpec[];
  /** Whether a tile may be turned over. */
  readonly allowFlip: boolean;
  /** Whether the viewer may still claim it (solving, not yet finished). */
  readonly open: boolean;
  /** The move claiming these laid tiles (null: one of them cannot lie so). The rules check it. */
  claim(laid: readonly TilePlacement[]): unknown;
}

/** A tile's orientation: quarter turns clockwise after an optional mirror (the tile turned over). */
export interface Orientation {
  readonly rotation: number;
  readonly flipped: boolean;
}

/** Where a tile lies: its orientation and the board cell of its oriented shape's (0, 0). */
export interface TilePlacement extends Orientation {
  readonly tileId: string;
  readonly at: Square;
}

export interface TileSpec {
  readonly id: string;
  readonly shape: Shape;
  /** i18n key naming the tile ("the long L"). */
  readonly labelKey: string;
  /** A CSS class for its colour (each tile also differs by shape, so colour is never the only cue). */
  readonly colour?: string;
}
