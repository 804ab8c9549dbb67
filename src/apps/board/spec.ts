/**
 * What a game hands the board renderer: cells, points, trays, pieces and the moves between them,
 * plus `boardCells` to build cell specs from src/rules/grid board data.
 */
import type { BoardData, DirectionName, GridKind } from "../../rules/grid";
import type { CellTone } from "../../palette";
import type { BoardChoice, BoardTraySpec, PieceShapeName } from "../core/board-model";

export interface BoardPieceSpec {
  /** Which side the piece belongs to (0, 1…): its colour and its shape. */
  readonly owner: number;
  /** i18n key naming the piece for screen readers ("{name}'s rook"). */
  readonly labelKey: string;
  /** The owner's name, the {name} of labelKey. */
  readonly name?: string;
  /** The piece's kind ("king", "counter"…): a CSS class and `data-piece-kind`. */
  readonly kind?: string;
  /** Drawn inside the piece; defaults to the owner's `pieceGlyphs` entry. */
  readonly glyph?: string;
  /** Pieces in the stack (shown when more than one). */
  readonly count?: number;
  /** Owners of a mixed stack's pieces, bottom first (Takat): drawn as small shapes beside it. */
  readonly stack?: readonly number[];
  /** Where the piece points: degrees clockwise from north, or a direction name. */
  readonly facing?: number | DirectionName;
  /** The piece kind's own outline (a game with kinds); absent: the owner's shape. */
  readonly shape?: PieceShapeName;
}

export interface BoardCellSpec {
  /** What moves call the cell (defaults to `at`). */
  readonly id?: string;
  /** The cell's key in the board's geometry. */
  readonly at: string;
  /** A CSS-safe kind name: the cell's class and data-kind. */
  readonly kind: string;
  /** The cell's colour, a palette token the game chose (src/palette); absent: the board's plain stone. */
  readonly tone?: CellTone;
  /** The glyph the cell carries beside its colour, so no rule depends on telling colours apart. */
  readonly glyph?: string;
  /** i18n key of the kind's name, read out with the cell. */
  readonly kindKey?: string;
  /** The coordinate shown with `showLabels` and read out (defaults to the id). */
  readonly label?: string;
  readonly piece?: BoardPieceSpec | null;
  /** Extra CSS classes (e.g. "territory-0", tags). */
  readonly classes?: readonly string[];
}

export interface BoardPointSpec {
  readonly id: string;
  /** Position in cell units (a square grid's corner (x, y)). */
  readonly x: number;
  readonly y: number;
  readonly kindKey?: string;
  readonly label?: string;
  readonly piece?: BoardPieceSpec | null;
  readonly classes?: readonly string[];
}

export interface BoardMove {
  readonly from: string;
  readonly to: string;
  /** Handed back with the intent, so the game need not search its moves again. */
  readonly id?: string;
  /** A follow-up choice after from → to (attack or not, an orientation…). */
  readonly choices?: readonly BoardChoice[];
}

export interface BoardSpec {
  readonly grid: GridKind;
  readonly cells: readonly BoardCellSpec[];
  readonly points?: readonly BoardPointSpec[];
  /** Trays of the side that may act (interactive) and of the others (shown only). */
  readonly trays?: readonly BoardTraySpec[];
  readonly moves: readonly BoardMove[];
  /** Glyph per owner, so pieces differ by shape and letter as well as colour. */
  readonly pieceGlyphs?: readonly string[];
  /** Mirror top-bottom (a player sees their own side at the bottom). */
  readonly flip?: boolean;
  /** Turn the board half a turn (mirror both ways). */
  readonly turn?: boolean;
  readonly showLabels?: boolean;
  /** Space left around each cell, as a fraction of a cell (Ulwan's separate tiles). */
  readonly inset?: number;
  /** A piece's radius as a fraction of its cell's inradius (0.58 by default; a small triangle wants more). */
  readonly pieceScale?: number;
  /** A point's radius as a fraction of a cell (0.24 by default): a point's piece is four fifths of it. */
  readonly pointRadius?: number;
  /** Largest drawn width of one cell in CSS pixels (the board shrinks to fit its window). */
  readonly cellPixels?: number;
  /** Per owner, the cell ids in the order that owner's pieces travel (a race game's track); moves follow it. */
  readonly tracks?: readonly (readonly string[])[];
  readonly labelKey: string;
}

/**
 * Cell specs for board data from src/rules/grid (compendium boards): each cell's kind and tags become
 * classes (`kind-<kind>`, `tag-<tag>`), with the glyph, name and piece the game gives per cell.
 */
export function boardCells(
  data: BoardData,
  describe: {
    readonly glyph?: (kind: string) => string;
    readonly kindKey?: (kind: string) => string;
    readonly piece?: (id: string) => BoardPieceSpec | null;
    readonly label?: (id: string) => string;
  } = {},
): BoardCellSpec[] {
  return data.cells.map((c) => ({
    at: c.id,
    kind: c.kind,
    glyph: describe.glyph?.(c.kind) ?? "",
    kindKey: describe.kindKey?.(c.kind) ?? "",
    label: describe.label?.(c.id) ?? c.id,
    piece: describe.piece?.(c.id) ?? null,
    classes: (c.tags ?? []).map((t) => `tag-${t}`),
  }));
}
