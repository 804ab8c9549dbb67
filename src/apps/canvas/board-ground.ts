/**
 * The canvas board's ground: cells, points and trays with their glyphs and coordinates, redrawn only
 * when one changes and kept as one bitmap between changes.
 */
import type * as Pixi from "pixi.js";
import { type BoardLayout, type LaidTarget, ownerColours } from "./layout";
import { flat } from "./piece-view";
import type { PixiKit } from "./pixi-kit";
import { PLAIN_TONE, colourNumber } from "../../palette";

/** A cell's outline, the window's (--cantina-board-stroke). */
const STROKE = colourNumber("board-stroke");

/** Whether a target shows its coordinate: a cell of a board that shows them, with no piece on it (issue 33). */
export function labelled(l: BoardLayout, t: LaidTarget): boolean {
  return l.showLabels && t.type === "cell" && !t.piece;
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

  function drawCells(l: BoardLayout): void {
    const sig = l.targets
      .map(
        (t) =>
          `${t.id}:${t.type}:${t.tone?.fill}:${t.tone?.split}:${t.x},${t.y}:${t.label}:${t.glyph}:${labelled(l, t)}`,
      )
      .join("|");
    if (sig === cellsSig) return;
    cellsSig = sig;
    ground.cacheAsBitmap = false;
    cellsG.clear();
    cellsG
      .beginFill(colourNumber("canvas-ground"), 1)
      .drawRoundedRect(-8, -8, l.width + 16, l.boardHeight + 16, 10)
      .endFill();
    const seen = new Set<string>();
    for (const t of l.targets) {
      if (t.type === "cell") {
        // The window's colours: the cell's tone, a split tile's second colour over its bottom right half.
        const tone = t.tone ?? PLAIN_TONE;
        if (tone.split && t.splitPolygon.length > 2)
          cellsG
            .lineStyle(0)
            .beginFill(colourNumber(tone.fill), 1)
            .drawPolygon(flat(t.polygon))
            .endFill()
            .beginFill(colourNumber(tone.split), 1)
            .drawPolygon(flat(t.splitPolygon))
            .endFill()
            .lineStyle(3, STROKE, 1)
            .drawPolygon(flat(t.polygon));
        else
          cellsG.lineStyle(3, STROKE, 1).beginFill(colourNumber(tone.fill), 1).drawPolygon(flat(t.polygon)).endFill();
      } else if (t.type === "point") {
        cellsG.lineStyle(0).beginFill(STROKE, 0.35).drawCircle(t.x, t.y, t.r).endFill();
        cellsG.beginFill(colourNumber("piece-edge"), 1).drawCircle(t.x, t.y, 7).endFill();
      } else {
        const c = ownerColours(t.owner ?? 0);
        cellsG.lineStyle(3, STROKE, 1).beginFill(colourNumber("board-tray"), 1);
        cellsG.drawRoundedRect(t.x - t.w / 2, t.y - t.h / 2, t.w, t.h, 10).endFill();
        cellsG
          .lineStyle(0)
          .beginFill(c.fill, 0.25)
          .drawRoundedRect(t.x - t.w / 2, t.y - t.h / 2, 10, t.h, 4)
          .endFill();
      }
      if (t.type === "cell" && t.glyph !== "") {
        seen.add(`g:${t.id}`);
        const tex = symbolTexture(t.glyph, colourNumber("canvas-cell-glyph"));
        let sprite = cellGlyphs.get(t.id);
        if (tex) {
          if (!sprite) {
            sprite = new PIXI.Sprite(tex);
            sprite.anchor.set(0.5);
            sprite.alpha = 0.55;
            cellGlyphs.set(t.id, sprite);
            labels.addChild(sprite);
          }
          sprite.texture = tex;
          const size = Math.max(14, t.r * 0.9);
          sprite.width = size;
          sprite.height = size;
          // Where the window's board puts it (a square's top right corner, apart from the coordinates).
          sprite.anchor.set(t.corners ? 1 : 0.5, 0.5);
          sprite.position.set(t.glyphAt.x, t.glyphAt.y);
        }
      }
      if (labelled(l, t)) {
        seen.add(`l:${t.id}`);
        let label = cellTexts.get(t.id);
        if (!label) {
          label = text(t.label, 16, STROKE);
          label.alpha = 0.7;
          cellTexts.set(t.id, label);
          labels.addChild(label);
        }
        if (label.text !== t.label) label.text = t.label;
        label.anchor.set(t.corners ? 0 : 0.5, 0.5);
        label.position.set(t.labelAt.x, t.labelAt.y);
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
