/**
 * The one laid-out board (issue 36): cells, points, trays and pieces where they are drawn, with marks
 * and palette tokens, in board units; the SVG, the canvas and Roll20 only draw it. Details: docs/windows.md.
 */
import type { Point } from "../../rules/grid";
import type { StyleToken } from "../../palette";

/** Outlines a piece kind may take, so kinds differ by shape and not by a small glyph alone. */
export const PIECE_SHAPES = ["circle", "diamond", "triangle", "square", "hexagon", "star", "egg", "cross"] as const;
export type PieceShapeName = (typeof PIECE_SHAPES)[number];

/** A box: its left, top, width and height (board units). */
export interface GeometryBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface CircleGeometry {
  readonly centre: Point;
  readonly r: number;
}

/** A piece (or a tray's token) as drawn: every part in board units, every colour a palette token. */
export interface PieceGeometry {
  readonly owner: number;
  readonly kind: string;
  readonly glyph: string;
  readonly count: number;
  readonly centre: Point;
  readonly r: number;
  readonly shape: PieceShapeName;
  /** The outline's corners; null: a circle of radius `r` round `centre`. */
  readonly outline: readonly Point[] | null;
  readonly fill: StyleToken;
  readonly ink: StyleToken;
  readonly edge: StyleToken;
  /** Where the glyph (a symbol or a letter) is drawn. */
  readonly glyphBox: GeometryBox;
  /** The facing arrow's three corners (empty: it faces nowhere); drawn in `edge`. */
  readonly arrow: readonly Point[];
  /** A mixed stack's pieces, top first, as small outlines beside it. */
  readonly pips: readonly {
    readonly owner: number;
    readonly circle: CircleGeometry;
    readonly outline: readonly Point[] | null;
    readonly fill: StyleToken;
  }[];
  /** The count badge (null: none shown), in `badgeFill` with the count in `edge`. */
  readonly badge: CircleGeometry | null;
  readonly badgeFill: StyleToken;
}

/** A text on the board: its anchor point, size, and whether it starts, is centred or ends there (middle: vertically). */
export interface TextGeometry {
  readonly text: string;
  readonly at: Point;
  readonly size: number;
  readonly anchor: "start" | "middle" | "end";
}

/** What marks a target: the ring round a piece that can move, and a legal destination's tick (a polyline). */
export interface MarkGeometry {
  readonly ring: CircleGeometry;
  readonly tick: readonly Point[];
}

export interface CellGeometry {
  readonly id: string;
  readonly polygon: readonly Point[];
  readonly centre: Point;
  /** The polygon's bounding box (the window's button). */
  readonly box: GeometryBox;
  readonly fill: StyleToken;
  /** A split tone's second colour and the half it paints (null: one colour). */
  readonly split: { readonly fill: StyleToken; readonly polygon: readonly Point[] } | null;
  readonly stroke: StyleToken;
  /** The cell's kind mark (empty glyph: none drawn, e.g. under a piece) and where it goes. */
  readonly glyph: { readonly name: string; readonly box: GeometryBox; readonly text: TextGeometry };
  /** The coordinate and where it is written; `shown`: the board shows labels and no piece stands here. */
  readonly label: TextGeometry & { readonly shown: boolean };
  readonly piece: PieceGeometry | null;
  readonly mark: MarkGeometry;
}

export interface PointGeometry {
  readonly id: string;
  readonly circle: CircleGeometry;
  /** The disc the canvas washes the point with (the window's button shows its outline only when marked). */
  readonly wash: { readonly fill: StyleToken; readonly alpha: number };
  /** The dot marking the point, in `dotFill`. */
  readonly dot: CircleGeometry;
  readonly dotFill: StyleToken;
  readonly piece: PieceGeometry | null;
  readonly mark: MarkGeometry;
}

/** A tray (hand, borne off…) in the row under the board: its box, its owner's strip, its token and count. */
export interface TrayGeometry {
  readonly id: string;
  readonly owner: number;
  readonly labelKey: string;
  readonly count: number;
  readonly box: GeometryBox;
  readonly fill: StyleToken;
  readonly stroke: StyleToken;
  /** The owner's colour along the box's left edge (in `stripAlpha`). */
  readonly strip: { readonly box: GeometryBox; readonly fill: StyleToken; readonly alpha: number };
  /** Where its name and count ("Hand: 3") are written, right of its token (a renderer that writes it). */
  readonly label: TextGeometry;
  /** The token standing for its pieces, with the count always shown; its centre is where a piece rests. */
  readonly piece: PieceGeometry;
  readonly mark: MarkGeometry;
}

/** The token a renderer draws for a tray: none for an empty tray, which would look like a piece that is not there. */
export function trayToken(tray: TrayGeometry): PieceGeometry | null {
  return tray.count > 0 ? tray.piece : null;
}

/** The marks' colours (the window's, styles/board.css). */
export interface MarkTokens {
  readonly selectable: StyleToken;
  readonly selected: StyleToken;
  readonly destination: StyleToken;
  readonly destinationWash: StyleToken;
  readonly destinationTick: StyleToken;
}

export interface BoardGeometry {
  /** The board's own drawing (cells and points), from (0, 0): the window's SVG. */
  readonly width: number;
  readonly height: number;
  /** Where the drawing's (0, 0) lies in the grid's unmirrored units (placement maps cells with it). */
  readonly originX: number;
  readonly originY: number;
  /** Whether the board shows its cells' coordinates (each cell's label says where, and when it is not hidden). */
  readonly labels: boolean;
  /** Everything drawn, trays included (a tray row wider than the board reaches left of 0). */
  readonly frame: GeometryBox;
  readonly cells: readonly CellGeometry[];
  readonly points: readonly PointGeometry[];
  readonly trays: readonly TrayGeometry[];
  readonly marks: MarkTokens;
}
