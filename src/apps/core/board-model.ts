/**
 * The one board model (`BoardContext`) the SVG window, the PIXI canvas and Roll20's pages all draw:
 * cells, points, trays and pieces with their geometry, and the moves between them, as typed data.
 * In core because a game's window contract (./types.ts) returns it; src/apps/board builds it.
 */
import type { GridKind } from "../../rules/grid";
import type { CellTone } from "../../palette";
import type { BoardGeometry, PieceShapeName } from "./board-geometry";

export { PIECE_SHAPES, type PieceShapeName } from "./board-geometry";

export interface BoardTraySpec {
  /** The id moves use as their `from` or `to` ("hand", "off"). */
  readonly id: string;
  readonly owner: number;
  /** i18n key with {count}. */
  readonly labelKey: string;
  readonly count: number;
}

export interface BoardChoice {
  /** Handed back as the intent's `id`. */
  readonly id: string;
  readonly labelKey: string;
}

export interface PieceContext {
  readonly owner: number;
  readonly labelKey: string;
  readonly name: string;
  readonly kind: string;
  readonly glyph: string;
  /** The glyph drawn as SVG where it is a symbol (src/apps/core/symbols.ts), else empty. */
  readonly glyphSvg: string;
  readonly count: number;
  readonly showCount: boolean;
  /** The stack's pieces as small shapes, top first, each with its owner's class. */
  readonly pips: readonly { readonly owner: number; readonly shape: string }[];
  /** SVG path of the piece's shape (its kind's, else its owner's), centred on (cx, cy). */
  readonly shape: string;
  /** The named outline the shape draws (the canvas draws the same). */
  readonly shapeName: PieceShapeName;
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  readonly fontSize: number;
  /** The stack badge's centre. */
  readonly bx: number;
  readonly by: number;
  readonly br: number;
  /** The facing arrow's path (empty when the piece faces nowhere), and its i18n key. */
  readonly arrow: string;
  readonly facingKey: string;
}

export interface TrackLine {
  readonly owner: number;
  /** SVG polyline points in the board's drawing units. */
  readonly points: string;
}

/** A move the board offers: from → to, with the game's id and any follow-up choices (none: empty). */
export interface BoardMoveOption {
  readonly from: string;
  readonly to: string;
  readonly id?: string;
  readonly choices: readonly BoardChoice[];
}

/** What every target (cell, point, tray) says about the moves: typed for code, joined for templates. */
interface TargetLinks {
  readonly selectable: boolean;
  /** The sources that can move here (typed); `destFor` is the same, space-separated, for the template. */
  readonly sources: readonly string[];
  readonly destFor: string;
  /** Space-separated "from=id" for moves with ids (the template's data-dest-ids; code reads `moves`). */
  readonly destIds: string;
}

export interface BoardCellContext extends TargetLinks {
  readonly id: string;
  readonly at: string;
  readonly kind: string;
  /** The cell's colour (its game's tone, else the plain stone): the window, the canvas and Roll20 draw it. */
  readonly tone: CellTone;
  readonly glyph: string;
  /** The glyph drawn as SVG where it is a symbol, else empty (a letter stays text). */
  readonly glyphSvg: string;
  readonly kindKey: string;
  readonly label: string;
  /** The extra classes, as a list and joined for the template. */
  readonly classList: readonly string[];
  readonly classes: string;
  readonly piece: PieceContext | null;
  readonly tabindex: 0 | -1;
  /** Position and clip of the button in the board (percentages). */
  readonly style: string;
  readonly viewBox: string;
  /** The polygon in the button's own SVG units (the template's). */
  readonly points: string;
  /** Centre in board units (keyboard navigation). */
  readonly cx: number;
  readonly cy: number;
  readonly glyphX: number;
  readonly glyphY: number;
  readonly labelX: number;
  readonly labelY: number;
  readonly fontSize: number;
}

export interface BoardPointContext extends TargetLinks {
  readonly id: string;
  readonly kindKey: string;
  readonly label: string;
  readonly classList: readonly string[];
  readonly classes: string;
  readonly piece: PieceContext | null;
  readonly tabindex: 0 | -1;
  readonly style: string;
  readonly viewBox: string;
  readonly r: number;
  readonly cx: number;
  readonly cy: number;
}

export interface BoardTrayContext extends BoardTraySpec, TargetLinks {
  readonly glyph: string;
  readonly glyphSvg: string;
  readonly interactive: boolean;
}

export interface ChoiceSetContext {
  readonly from: string;
  readonly to: string;
  readonly choices: readonly BoardChoice[];
}

export interface BoardContext {
  readonly labelKey: string;
  readonly grid: GridKind;
  /** The drawing's size in board units (its aspect ratio). */
  readonly width: number;
  readonly height: number;
  /** Where the drawing's (0, 0) lies in unmirrored board units (placement maps cells with it). */
  readonly originX: number;
  readonly originY: number;
  readonly maxWidth: number;
  readonly showLabels: boolean;
  readonly cells: readonly BoardCellContext[];
  readonly points: readonly BoardPointContext[];
  readonly trays: readonly BoardTrayContext[];
  readonly choiceSets: readonly ChoiceSetContext[];
  /** Every move the board offers now, as data (the selection machine and every renderer read these). */
  readonly moves: readonly BoardMoveOption[];
  readonly hasMoves: boolean;
  /** The spec's tracks (per owner, cell ids in travel order), empty when the game has none. */
  readonly tracks: readonly (readonly string[])[];
  /** The tracks drawn as lines with arrows over the board (src/apps/board/tracks.ts). */
  readonly trackLines: readonly TrackLine[];
  /** The board laid out once (./board-geometry.ts): what the window's SVG, the canvas and Roll20 draw. */
  readonly geometry: BoardGeometry;
}

/**
 * The model a window's board element was drawn from, as its host hands it to the board controller
 * (the host keeps it per table with the drawing); null: none, the board offers no move.
 */
export type BoardModelOf = (board: HTMLElement) => BoardContext | null;
