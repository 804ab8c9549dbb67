/**
 * A piece's display object on the canvas board (or a tray's token and count): its shape, glyph,
 * stack pips, facing arrow and count badge, with a signature telling when it must be redrawn.
 */
import type * as Pixi from "pixi.js";
import type { Point } from "../../rules/grid";
import { type PieceShapeName, pieceOutline } from "../board/context";
import { type LaidPiece, type LaidTarget, ownerColours } from "./layout";
import type { PixiKit } from "./pixi-kit";
import { colourNumber } from "../../palette";

/** A piece's outline, the window's (--cantina-piece-edge). */
const EDGE = colourNumber("piece-edge");

export interface PieceView {
  readonly root: Pixi.Container;
  readonly body: Pixi.Graphics;
  glyph: Pixi.Sprite | Pixi.Text | null;
  readonly badge: Pixi.Graphics;
  count: Pixi.Text | null;
  sig: string;
}

export const flat = (poly: readonly Point[]): number[] => poly.flatMap((p) => [p.x, p.y]);

/** What a piece view shows, as a string: the view is redrawn only when it changes (empty: nothing to show). */
export function pieceSig(p: LaidPiece | null, t: LaidTarget): string {
  if (t.type === "tray") return `tray|${t.owner}|${t.count}|${t.glyph}`;
  if (!p) return "";
  return `${p.owner}|${p.kind}|${p.shape}|${p.glyph}|${p.count}|${p.pips.join(",")}|${p.r}|${flat(p.arrow ?? []).join(",")}`;
}

export function newPieceView(kit: PixiKit): PieceView {
  const { PIXI } = kit;
  const root = new PIXI.Container();
  const body = new PIXI.Graphics();
  const badge = new PIXI.Graphics();
  root.addChild(body, badge);
  return { root, body, glyph: null, badge, count: null, sig: "" };
}

/** Draws a piece (or a tray's token and count) into its view, around (0, 0). */
export function drawPieceView(kit: PixiKit, view: PieceView, p: LaidPiece | null, t: LaidTarget): void {
  const { PIXI, symbolTexture, text } = kit;
  const owner = p?.owner ?? t.owner ?? 0;
  const r = p?.r ?? t.r;
  const colours = ownerColours(owner);
  const g = view.body;
  g.clear();
  if (p?.arrow) g.lineStyle(0).beginFill(EDGE, 1).drawPolygon(flat(p.arrow)).endFill();
  g.beginFill(colourNumber("canvas-shadow"), 0.3);
  drawShape(g, owner, r, 3, 4, p?.shape);
  g.endFill();
  g.lineStyle(4, EDGE, 1).beginFill(colours.fill, 1);
  drawShape(g, owner, r, 0, 0, p?.shape);
  g.endFill();
  (p?.pips ?? []).forEach((o, i) => {
    const pr = r * 0.26;
    g.lineStyle(2, EDGE, 1).beginFill(ownerColours(o).fill, 1);
    const outline = pieceOutline(o, pr);
    const cx = -r * 1.35;
    const cy = -r + pr + i * pr * 2.3;
    if (outline === null) g.drawCircle(cx, cy, pr);
    else g.drawPolygon(outline.map((v, k) => v + (k % 2 === 0 ? cx : cy)));
    g.endFill();
  });
  const glyph = p?.glyph ?? t.glyph;
  if (view.glyph) {
    view.glyph.destroy();
    view.glyph = null;
  }
  if (glyph !== "") {
    const tex = symbolTexture(glyph, colours.ink);
    const node = tex ? new PIXI.Sprite(tex) : text(glyph, r * 1.1, colours.ink, true);
    node.anchor.set(0.5);
    if (tex) {
      node.width = r * 1.1;
      node.height = r * 1.1;
    }
    view.root.addChild(node);
    view.glyph = node;
  }
  const count = t.type === "tray" ? t.count : (p?.count ?? 1);
  const showCount = t.type === "tray" || count > 1;
  view.badge.clear();
  if (view.count) {
    view.count.destroy();
    view.count = null;
  }
  if (showCount) {
    const bx = t.type === "tray" ? r * 2.2 : r * 0.95;
    const by = t.type === "tray" ? 0 : -r * 0.95;
    const br = Math.max(12, r * 0.5);
    view.badge.lineStyle(2, EDGE, 1).beginFill(colourNumber("piece-light-ink"), 1).drawCircle(bx, by, br).endFill();
    view.count = text(String(count), br * 1.2, EDGE, true);
    view.count.position.set(bx, by);
    view.root.addChild(view.count);
  }
}

function drawShape(g: Pixi.Graphics, owner: number, r: number, dx: number, dy: number, shape?: PieceShapeName): void {
  const outline = pieceOutline(owner, r, shape);
  if (outline === null) g.drawCircle(dx, dy, r);
  else g.drawPolygon(outline.map((v, k) => v + (k % 2 === 0 ? dx : dy)));
}
