/**
 * The canvas board's ground: cells, points and trays with their glyphs and coordinates, redrawn only
 * when one changes and kept as one bitmap between changes.
 */
import type * as Pixi from "pixi.js";
import type { CellGeometry } from "../core/board-geometry";
import type { BoardLayout, LaidTarget } from "./layout";
import { flat } from "./piece-view";
import type { PixiKit } from "./pixi-kit";
import { colourNumber } from "../../palette";

/** A text's horizontal anchor for each of the geometry's. */
const ANCHOR = { start: 0, middle: 0.5, end: 1 } as const;

/** Whether a target shows its coordinate: the geometry's word (a board showing them, no piece on the cell: issue 33). */
export function labelled(t: LaidTarget): boolean {
  return t.cell?.label.shown === true;
}

export interface BoardGround {
  readonly container: Pixi.Container;
  draw(l: BoardLayout): void;
}

/** `cacheGround`: whether the ground is kept as a bitmap; `isDestroyed`: whether the board is gone. */
export function createBoardGround(kit: PixiKit, cacheGround: boolean, isDestroyed: () => boolean): BoardGround {
  const { PIXI, symbolTexture, text } = kit;
  const cellsG = new PIXI.Graphics();
  const labels = new PIXI.Container();
  // The cells and their labels change only when a cell does: drawn once into a bitmap between changes
  // (one textured quad per frame instead of every polygon: a software renderer pays per pixel drawn).
  const ground = new PIXI.Container();
  ground.addChild(cellsG, labels);
  const cellTexts = new Map<string, Pixi.Text>();
  const cellGlyphs = new Map<string, Pixi.Sprite>();
  let cellsSig = "";

  /** A cell: its tone (a split tile's second colour over its half), outline, mark and coordinate. */
  function drawCell(c: CellGeometry, seen: Set<string>): void {
    const stroke = colourNumber(c.stroke);
    cellsG.lineStyle(0).beginFill(colourNumber(c.fill), 1).drawPolygon(flat(c.polygon)).endFill();
    if (c.split && c.split.polygon.length > 2)
      cellsG.beginFill(colourNumber(c.split.fill), 1).drawPolygon(flat(c.split.polygon)).endFill();
    cellsG.lineStyle(3, stroke, 1).drawPolygon(flat(c.polygon));
    if (c.glyph.name !== "") {
      const tex = symbolTexture(c.glyph.name, colourNumber("canvas-cell-glyph"));
      let sprite = cellGlyphs.get(c.id);
      if (tex) {
        seen.add(`g:${c.id}`);
        if (!sprite) {
          sprite = new PIXI.Sprite(tex);
          sprite.alpha = 0.55;
          cellGlyphs.set(c.id, sprite);
          labels.addChild(sprite);
        }
        sprite.texture = tex;
        sprite.position.set(c.glyph.box.x, c.glyph.box.y);
        sprite.width = c.glyph.box.w;
        sprite.height = c.glyph.box.h;
      }
    }
    if (c.label.shown) {
      seen.add(`l:${c.id}`);
      let label = cellTexts.get(c.id);
      if (!label) {
        label = text(c.label.text, c.label.size, stroke);
        label.alpha = 0.7;
        cellTexts.set(c.id, label);
        labels.addChild(label);
      }
      if (label.text !== c.label.text) label.text = c.label.text;
      label.style.fontSize = c.label.size;
      label.anchor.set(ANCHOR[c.label.anchor], 0.5);
      label.position.set(c.label.at.x, c.label.at.y);
    }
  }

  function drawCells(l: BoardLayout): void {
    const sig = l.targets
      .map(
        (t) => `${t.id}:${t.type}:${t.tone?.fill}:${t.tone?.split}:${t.x},${t.y}:${t.label}:${t.glyph}:${labelled(t)}`,
      )
      .join("|");
    if (sig === cellsSig) return;
    cellsSig = sig;
    ground.cacheAsBitmap = false;
    cellsG.clear();
    const f = l.geometry.frame;
    cellsG
      .beginFill(colourNumber("canvas-ground"), 1)
      .drawRoundedRect(f.x - 8, f.y - 8, f.w + 16, l.geometry.height + 16, 10)
      .endFill();
    const seen = new Set<string>();
    for (const t of l.targets) {
      if (t.cell) drawCell(t.cell, seen);
      if (t.point) {
        const { circle, dot, wash } = t.point;
        cellsG.lineStyle(0).beginFill(colourNumber(wash.fill), wash.alpha);
        cellsG.drawCircle(circle.centre.x, circle.centre.y, circle.r).endFill();
        cellsG.beginFill(colourNumber(t.point.dotFill), 1).drawCircle(dot.centre.x, dot.centre.y, dot.r).endFill();
      }
      if (t.tray) {
        const { box, strip } = t.tray;
        cellsG.lineStyle(3, colourNumber(t.tray.stroke), 1).beginFill(colourNumber(t.tray.fill), 1);
        cellsG.drawRoundedRect(box.x, box.y, box.w, box.h, 10).endFill();
        cellsG.lineStyle(0).beginFill(colourNumber(strip.fill), strip.alpha);
        cellsG.drawRoundedRect(strip.box.x, strip.box.y, strip.box.w, strip.box.h, 4).endFill();
      }
    }
    for (const [id, sprite] of cellGlyphs)
      if (!seen.has(`g:${id}`)) {
        sprite.destroy();
        cellGlyphs.delete(id);
      }
    for (const [id, label] of cellTexts)
      if (!seen.has(`l:${id}`)) {
        label.destroy();
        cellTexts.delete(id);
      }
    // Symbol textures load asynchronously: the bitmap is taken once they have.
    const pending = [...cellGlyphs.values()].filter((sprite) => !sprite.texture.valid);
    if (pending.length === 0) ground.cacheAsBitmap = cacheGround;
    else
      for (const sprite of pending)
        sprite.texture.once("update", () => {
          if (!isDestroyed() && [...cellGlyphs.values()].every((g) => g.texture.valid))
            ground.cacheAsBitmap = cacheGround;
        });
  }

  return { container: ground, draw: drawCells };
}
