/**
 * The reusable board layer: squares, trays and pieces built into a `BoardSpec` from a game's view
 * and its (from, to) moves, drawn by templates/board/board.hbs. Knows no game's rules.
 * Details: docs/architecture.md, "src/apps/board/context.ts".
 */

export interface BoardPieceSpec {
  /** Which side the piece belongs to (0, 1…): its colour and its glyph. */
  readonly owner: number;
  /** i18n key naming the piece for screen readers ("Player 1's piece"). */
  readonly labelKey: string;
  /** The owner's name, the {name} of labelKey. */
  readonly name: string;
}

export interface BoardSquareSpec {
  readonly id: string;
  readonly row: number;
  readonly col: number;
  /** A CSS-safe kind name: the square's colour class and data-kind. */
  readonly kind: string;
  /** The glyph the square carries beside its colour, so no rule depends on telling colours apart. */
  readonly glyph: string;
  /** i18n key of the kind's name, read out with the square. */
  readonly kindKey: string;
  readonly piece: BoardPieceSpec | null;
  /** Extra CSS classes (e.g. "territory-0"). */
  readonly classes?: readonly string[];
}

export interface BoardTraySpec {
  /** The id moves use as their `from` or `to` ("hand", "off"). */
  readonly id: string;
  readonly owner: number;
  readonly labelKey: string;
  readonly count: number;
}

export interface BoardMove {
  readonly from: string;
  readonly to: string;
}

export interface BoardSpec {
  readonly rows: number;
  readonly cols: number;
  readonly squares: readonly BoardSquareSpec[];
  /** Trays of the side that may act (interactive) and of the others (shown only). */
  readonly trays: readonly BoardTraySpec[];
  readonly moves: readonly BoardMove[];
  /** Glyph per owner, so pieces differ by shape as well as colour. */
  readonly pieceGlyphs: readonly string[];
  /** Draw the rows bottom-up (a player sees their own side at the bottom). */
  readonly flip?: boolean;
  readonly labelKey: string;
}

export interface BoardCellContext {
  readonly gap: boolean;
  readonly id: string;
  readonly kind: string;
  readonly glyph: string;
  readonly kindKey: string;
  readonly classes: string;
  readonly piece: (BoardPieceSpec & { readonly glyph: string }) | null;
  readonly selectable: boolean;
  /** Space-separated sources that can move here. */
  readonly destFor: string;
  readonly style: string;
}

export interface BoardTrayContext extends BoardTraySpec {
  readonly glyph: string;
  readonly selectable: boolean;
  readonly destFor: string;
  readonly interactive: boolean;
}

export interface BoardContext {
  readonly labelKey: string;
  readonly cols: number;
  readonly rows: number;
  readonly cells: readonly BoardCellContext[];
  readonly trays: readonly BoardTrayContext[];
  readonly hasMoves: boolean;
}

export function boardContext(spec: BoardSpec): BoardContext {
  const sources = new Set(spec.moves.map((m) => m.from));
  const destFor = new Map<string, string[]>();
  for (const m of spec.moves) destFor.set(m.to, [...(destFor.get(m.to) ?? []), m.from]);
  const at = new Map(spec.squares.map((s) => [`${s.row},${s.col}`, s]));
  const cells: BoardCellContext[] = [];
  for (let i = 0; i < spec.rows; i++) {
    const row = spec.flip ? spec.rows - 1 - i : i;
    for (let col = 0; col < spec.cols; col++) {
      const s = at.get(`${row},${col}`);
      const style = `grid-row:${i + 1};grid-column:${col + 1}`;
      if (!s) {
        cells.push({
          gap: true,
          id: "",
          kind: "",
          glyph: "",
          kindKey: "",
          classes: "",
          piece: null,
          selectable: false,
          destFor: "",
          style,
        });
        continue;
      }
      cells.push({
        gap: false,
        id: s.id,
        kind: s.kind,
        glyph: s.glyph,
        kindKey: s.kindKey,
        classes: (s.classes ?? []).join(" "),
        piece: s.piece ? { ...s.piece, glyph: spec.pieceGlyphs[s.piece.owner] ?? "" } : null,
        selectable: sources.has(s.id),
        destFor: (destFor.get(s.id) ?? []).join(" "),
        style,
      });
    }
  }
  const trays = spec.trays.map((t) => {
    const selectable = sources.has(t.id) && t.count > 0;
    const dest = (destFor.get(t.id) ?? []).join(" ");
    return {
      ...t,
      glyph: spec.pieceGlyphs[t.owner] ?? "",
      selectable,
      destFor: dest,
      interactive: selectable || dest.length > 0,
    };
  });
  return { labelKey: spec.labelKey, cols: spec.cols, rows: spec.rows, cells, trays, hasMoves: spec.moves.length > 0 };
}
