/**
 * The canvas board draws only the board geometry (issue 36): run on a PIXI stand-in that records every
 * shape it is asked to draw, each polygon, circle and box is one of the geometry's (placed by the
 * canvas's one offset), each fill one of its tokens, each piece view stands on its resting spot with
 * the geometry's outline round it, and the marks are the geometry's rings and ticks.
 */
import type * as Pixi from "pixi.js";
import { describe, expect, it } from "vitest";
import { type BoardContext, boardContext } from "../../src/apps/board/context";
import type { PieceGeometry } from "../../src/apps/core/board-geometry";
import { createCanvasBoard } from "../../src/apps/canvas/board-canvas";
import type { PixiNamespace } from "../../src/apps/canvas/contract";
import { layoutBoard } from "../../src/apps/canvas/layout";
import { type ColourToken, DRAWN_TOKENS, STYLE_TOKENS, colourNumber } from "../../src/palette";
import { allSquares, squareKey } from "../../src/rules/grid";
import { BOARD_GAME_IDS, startBoard } from "../helpers/start-board";

/** One drawing call a Graphics received, with the fill it was drawn in (null: an outline only). */
interface Drawn {
  readonly kind: "polygon" | "circle" | "box" | "line";
  readonly numbers: readonly number[];
  readonly fill: number | null;
  readonly owner: FakeContainer;
}

/**
 * What this models of PIXI 7: containers with children and a position, Graphics that remember their
 * drawing calls (cleared by `clear`), sprites and texts with an anchor, textures that are ready at once,
 * and a ticker nobody ticks. It draws nothing; it records what the board asked for.
 */
class FakePoint {
  x = 0;
  y = 0;
  set(x: number, y = x): void {
    this.x = x;
    this.y = y;
  }
}
class FakeContainer {
  children: FakeContainer[] = [];
  parent: FakeContainer | null = null;
  position = new FakePoint();
  visible = true;
  alpha = 1;
  eventMode = "auto";
  cursor = "default";
  hitArea: unknown = null;
  cacheAsBitmap = false;
  addChild(...kids: FakeContainer[]): FakeContainer {
    for (const kid of kids) {
      kid.parent?.children.splice(kid.parent.children.indexOf(kid), 1);
      kid.parent = this;
      this.children.push(kid);
    }
    return kids[0] as FakeContainer;
  }
  on(): this {
    return this;
  }
  destroy(): void {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
}
const calls: Drawn[] = [];
class FakeGraphics extends FakeContainer {
  private fill: number | null = null;
  clear(): this {
    for (let i = calls.length - 1; i >= 0; i--) if (calls[i]?.owner === this) calls.splice(i, 1);
    return this;
  }
  lineStyle(): this {
    return this;
  }
  beginFill(colour: number): this {
    this.fill = colour;
    return this;
  }
  endFill(): this {
    this.fill = null;
    return this;
  }
  private record(kind: Drawn["kind"], numbers: number[]): this {
    calls.push({ kind, numbers, fill: this.fill, owner: this });
    return this;
  }
  drawPolygon(points: number[]): this {
    return this.record("polygon", points);
  }
  drawCircle(x: number, y: number, r: number): this {
    return this.record("circle", [x, y, r]);
  }
  drawRoundedRect(x: number, y: number, w: number, h: number): this {
    return this.record("box", [x, y, w, h]);
  }
  moveTo(x: number, y: number): this {
    return this.record("line", [x, y]);
  }
  lineTo(x: number, y: number): this {
    return this.record("line", [x, y]);
  }
}
class FakeTexture {
  valid = true;
  static from(): FakeTexture {
    return new FakeTexture();
  }
  once(): void {}
  destroy(): void {}
}
class FakeSprite extends FakeContainer {
  anchor = new FakePoint();
  width = 0;
  height = 0;
  constructor(public texture: FakeTexture) {
    super();
  }
}
class FakeText extends FakeContainer {
  anchor = new FakePoint();
  resolution = 1;
  width = 10;
  height = 10;
  constructor(
    public text: string,
    public style: Record<string, unknown>,
  ) {
    super();
  }
}
const ticker = { deltaMS: 16, add(): void {}, remove(): void {} };
const FAKE_PIXI = {
  Container: FakeContainer,
  Graphics: FakeGraphics,
  Sprite: FakeSprite,
  Text: FakeText,
  Texture: FakeTexture,
  Rectangle: class {},
  Ticker: { shared: ticker },
} as unknown as PixiNamespace;

const key = (numbers: readonly number[]): string => numbers.map((n) => n.toFixed(1)).join(",");
const flat = (points: readonly { x: number; y: number }[]): number[] => points.flatMap((p) => [p.x, p.y]);
const tokenNumbers = new Set(
  [...Object.keys(STYLE_TOKENS), ...Object.keys(DRAWN_TOKENS)].map((t) => colourNumber(t as ColourToken)),
);

/** The shapes a piece view draws round (0, 0): its arrow, shadow, body, pips and badge. */
function pieceShapes(p: PieceGeometry): string[] {
  const outline = (
    o: readonly { x: number; y: number }[] | null,
    c: { x: number; y: number },
    r: number,
    by = { x: 0, y: 0 },
  ) => (o ? key(flat(o.map((q) => ({ x: q.x + by.x, y: q.y + by.y })))) : key([c.x + by.x, c.y + by.y, r]));
  return [
    ...(p.arrow.length ? [key(flat(p.arrow))] : []),
    outline(p.outline, p.centre, p.r, { x: 3, y: 4 }),
    outline(p.outline, p.centre, p.r),
    ...p.pips.map((q) => outline(q.outline, q.circle.centre, q.circle.r)),
    ...(p.badge ? [key([p.badge.centre.x, p.badge.centre.y, p.badge.r])] : []),
  ];
}

/** Small pieces (their badges smaller than a tray's), a facing, a mixed stack, a point with a piece, a tray. */
const smallPieces = boardContext({
  grid: "square",
  labelKey: "CANTINA.Board.Label",
  pieceScale: 0.3,
  showLabels: true,
  cells: allSquares({ width: 3, height: 2 }).map((s) => {
    const at = squareKey(s);
    const piece = { owner: s.x, labelKey: "CANTINA.Board.PieceOf", count: 3, stack: [0, 1, 0], facing: "e" as const };
    return { at, kind: "plain", glyph: "A", piece: s.y === 0 ? piece : null };
  }),
  points: [{ id: "p", x: 1, y: 1, piece: { owner: 1, labelKey: "CANTINA.Board.PieceOf" } }],
  trays: [{ id: "hand", owner: 0, labelKey: "CANTINA.Ulwan.Hand", count: 2 }],
  moves: [{ from: "0,0", to: "0,1" }],
});

const boards: [string, BoardContext][] = [
  ...BOARD_GAME_IDS.map((id): [string, BoardContext] => [id, startBoard(id)]),
  ["small pieces", smallPieces],
];

describe.each(boards)("the canvas board of %s", (_id, board) => {
  it("draws the ground, the pieces and the marks of the geometry only, in its tokens", () => {
    calls.length = 0;
    const canvas = createCanvasBoard({
      pixi: FAKE_PIXI,
      localize: (k) => k,
      onMove: () => {},
      ticker: ticker as unknown as Pixi.Ticker,
      reducedMotion: true,
    });
    canvas.update(board, { locked: false });
    const layout = layoutBoard(board);
    const g = layout.geometry;
    const f = g.frame;
    const ground = new Set([
      key([f.x - 8, f.y - 8, f.w + 16, g.height + 16]),
      ...g.cells.flatMap((c) => [key(flat(c.polygon)), ...(c.split ? [key(flat(c.split.polygon))] : [])]),
      ...g.points.flatMap((p) => [
        key([p.circle.centre.x, p.circle.centre.y, p.circle.r]),
        key([p.dot.centre.x, p.dot.centre.y, p.dot.r]),
      ]),
      ...g.trays.flatMap((t) => [
        key([t.box.x, t.box.y, t.box.w, t.box.h]),
        key([t.strip.box.x, t.strip.box.y, t.strip.box.w, t.strip.box.h]),
      ]),
    ]);
    const rings = new Set(layout.targets.map((t) => key([t.mark.ring.centre.x, t.mark.ring.centre.y, t.mark.ring.r])));
    const container = canvas.container as unknown as FakeContainer;
    const [groundLayer, marksLayer, piecesLayer] = container.children;
    const inside = (layer: FakeContainer | undefined, c: FakeContainer): boolean => {
      for (let at: FakeContainer | null = c; at; at = at.parent) if (at === layer) return true;
      return false;
    };
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      if (call.fill !== null) expect(tokenNumbers.has(call.fill), `fill ${call.fill.toString(16)}`).toBe(true);
      if (inside(groundLayer, call.owner))
        expect(ground.has(key(call.numbers)), `ground ${call.kind} ${key(call.numbers)}`).toBe(true);
      if (inside(marksLayer, call.owner)) expect(rings.has(key(call.numbers)), `mark ${key(call.numbers)}`).toBe(true);
    }
    // Each piece view on its resting spot, drawing the geometry's piece (centred) and nothing else.
    const views = (piecesLayer?.children ?? []).filter((v) => v.visible);
    const shown = layout.targets.filter((t) => t.piece || (t.tray && t.tray.count > 0));
    expect(views.length).toBe(shown.length);
    for (const t of shown) {
      const view = views.find((v) => v.position.x === t.rest.x && v.position.y === t.rest.y);
      expect(view, `${t.id}: a view on its spot`).toBeDefined();
      // A tray's token is drawn round (0, 0) like any piece.
      const piece = t.piece ?? (t.tray ? { ...t.tray.piece, ...centre(t.tray.piece) } : null);
      if (!piece || !view) continue;
      const wanted = pieceShapes(piece);
      const drawn = calls.filter((c) => inside(view, c.owner)).map((c) => key(c.numbers));
      expect(drawn.sort(), t.id).toEqual(wanted.sort());
    }
    canvas.destroy();
  });
});

describe("the canvas board's trays", () => {
  it("draw a token only for a tray that holds pieces: a one-piece Ulwan shows each side's one piece once", () => {
    const canvas = createCanvasBoard({
      pixi: FAKE_PIXI,
      localize: (k) => k,
      onMove: () => {},
      ticker: ticker as unknown as Pixi.Ticker,
      reducedMotion: true,
    });
    const tokens = (board: BoardContext) => {
      canvas.update(board, { locked: false });
      const layer = (canvas.container as unknown as FakeContainer).children[2];
      return (layer?.children ?? []).filter((v) => v.visible).length;
    };
    // Each side's hand holds its one piece; nothing is off the board yet.
    expect(tokens(startBoard("ulwan", { pieces: 1 }))).toBe(2);
    expect(tokens(startBoard("ulwan"))).toBe(2);
    canvas.destroy();
  });
});

/** A tray's token moved to (0, 0), as its view draws it. */
function centre(p: PieceGeometry): Partial<PieceGeometry> {
  const by = (q: { x: number; y: number }) => ({ x: q.x - p.centre.x, y: q.y - p.centre.y });
  return {
    centre: { x: 0, y: 0 },
    outline: p.outline ? p.outline.map(by) : null,
    arrow: p.arrow.map(by),
    pips: p.pips.map((q) => ({
      ...q,
      circle: { centre: by(q.circle.centre), r: q.circle.r },
      outline: q.outline ? q.outline.map(by) : null,
    })),
    badge: p.badge ? { centre: by(p.badge.centre), r: p.badge.r } : null,
  };
}
