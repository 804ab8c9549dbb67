/**
 * A piece's display object on the canvas board (or a tray's token and count): its shape, glyph,
 * stack pips, facing arrow and count badge, with a signature telling when it must be redrawn.
 */
import type * as Pixi from "pixi.js";
import type { Point } from "../../rules/grid";
import { type PieceGeometry, trayToken } from "../core/board-geometry";
import { centredPiece } from "../board/geometry-place";
import type { LaidTarget } from "./layout";
import type { PixiKit } from "./pixi-kit";
import { colourNumber } from "../../palette";

export interface PieceView {
  readonly root: Pixi.Container;
  readonly body: Pixi.Graphics;
  glyph: Pixi.Sprite | Pixi.Text | null;
  readonly badge: Pixi.Graphics;
  count: Pixi.Text | null;
  sig: string;
}

export const flat = (poly: readonly Point[]): number[] => poly.flatMap((p) => [p.x, p.y]);

/** The piece a target shows, centred on (0, 0): a cell's or point's, or a tray's token (null: none). */
export function shownPiece(t: LaidTarget): PieceGeometry | null {
  if (!t.tray) return t.piece;
  const token = trayToken(t.tray);
  return token && centredPiece(token);
}

/** What a piece view shows, as a string: the view is redrawn only when it changes (empty: nothing to show). */
export function pieceSig(p: PieceGeometry | null): string {
  if (!p) return "";
  const pips = p.pips.map((q) => q.owner).join(",");
  return `${p.owner}|${p.kind}|${p.shape}|${p.glyph}|${p.count}|${pips}|${p.r}|${flat(p.arrow).join(",")}|${p.badge?.r}`;
}

export function newPieceView(kit: PixiKit): PieceView {
  const { PIXI } = kit;
  const root = new PIXI.Container();
  const body = new PIXI.Graphics();
  const badge = new PIXI.Graphics();
  root.addChild(body, badge);
  return { root, body, glyph: null, badge, count: null, sig: "" };
}

/** Draws a piece (or a tray's token and count) into its view: the geometry's piece, centred on (0, 0). */
export function drawPieceView(kit: PixiKit, view: PieceView, p: PieceGeometry): void {
  const { PIXI, symbolTexture, text } = kit;
  const edge = colourNumber(p.edge);
  const g = view.body;
  g.clear();
  if (p.arrow.length > 0) g.lineStyle(0).beginFill(edge, 1).drawPolygon(flat(p.arrow)).endFill();
  // Its shadow: the same outline, a few units down and right.
  g.beginFill(colourNumber("canvas-shadow"), 0.3);
  drawOutline(g, p.outline, p.centre, p.r, SHADOW);
  g.endFill();
  g.lineStyle(4, edge, 1).beginFill(colourNumber(p.fill), 1);
  drawOutline(g, p.outline, p.centre, p.r);
  g.endFill();
  for (const pip of p.pips) {
    g.lineStyle(2, edge, 1).beginFill(colourNumber(pip.fill), 1);
    drawOutline(g, pip.outline, pip.circle.centre, pip.circle.r);
    g.endFill();
  }
  if (view.glyph) {
    view.glyph.destroy();
    view.glyph = null;
  }
  if (p.glyph !== "") {
    const ink = colourNumber(p.ink);
    const tex = symbolTexture(p.glyph, ink);
    const box = p.glyphBox;
    const node = tex ? new PIXI.Sprite(tex) : text(p.glyph, box.h, ink, true);
    node.anchor.set(0.5);
    node.position.set(box.x + box.w / 2, box.y + box.h / 2);
    if (tex) {
      node.width = box.w;
      node.height = box.h;
    }
    view.root.addChild(node);
    view.glyph = node;
  }
  view.badge.clear();
  if (view.count) {
    view.count.destroy();
    view.count = null;
  }
  if (p.badge) {
    const { centre, r } = p.badge;
    view.badge
      .lineStyle(2, edge, 1)
      .beginFill(colourNumber(p.badgeFill), 1)
      .drawCircle(centre.x, centre.y, r)
      .endFill();
    view.count = text(String(p.count), r * 1.2, edge, true);
    view.count.position.set(centre.x, centre.y);
    view.root.addChild(view.count);
  }
}

/** The shadow's offset under a piece (canvas units). */
const SHADOW = { x: 3, y: 4 };

/** An outline (null: a circle of radius r round `centre`), moved by `by`. */
function drawOutline(
  g: Pixi.Graphics,
  outline: readonly Point[] | null,
  centre: Point,
  r: number,
  by: Point = { x: 0, y: 0 },
): void {
  if (outline === null) g.drawCircle(centre.x + by.x, centre.y + by.y, r);
  else g.drawPolygon(outline.flatMap((q) => [q.x + by.x, q.y + by.y]));
}
