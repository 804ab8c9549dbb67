/**
 * The canvas board bench's page (bench/board-canvas.mjs serves it): an 8×8 board with 40 pieces drawn
 * by src/apps/canvas with pixi.js from npm; `window.canvasBench` moves pieces and times each redraw.
 */
import * as PIXI from "pixi.js";
import en from "../lang/en.json";
import { type BoardCellSpec, type BoardMove, type BoardSpec, boardContext } from "../src/apps/board/context";
import { createCanvasBoard } from "../src/apps/canvas/board-canvas";
import type { CanvasTarget } from "../src/apps/canvas/contract";
import { dictionaryLocalizer } from "../src/apps/core/i18n";
import { allSquares, squareKey } from "../src/rules/grid";
import { BOARD_VIEW_MAX_SIZE } from "../src/standalone/board-view";
import { softwareWebGL } from "../src/standalone/webgl";

const SIZE = 8;
const i18n = dictionaryLocalizer(en);

/** Where the pieces are: 40 of 64 squares, side 0 on the first 20, side 1 on the last 20. */
const squares = allSquares({ width: SIZE, height: SIZE }).map(squareKey);
let owners = new Map<string, number>(squares.slice(0, 20).map((s) => [s, 0]));
for (const s of squares.slice(-20)) owners.set(s, 1);

function spec(): BoardSpec {
  const cells: BoardCellSpec[] = squares.map((at, i) => {
    const owner = owners.get(at);
    return {
      at,
      kind: i % 7 === 3 ? "red" : "plain",
      classes: [(i + Math.floor(i / SIZE)) % 2 === 0 ? "shade-light" : "shade-dark"],
      glyph: i % 7 === 3 ? "▲" : "",
      piece:
        owner === undefined
          ? null
          : { owner, labelKey: "CANTINA.Board.PieceOf", facing: (i * 45) % 360, count: i % 9 === 0 ? 2 : 1 },
    };
  });
  // Side 0 may move each piece to any empty square next to it (the canvas runs no rules: any list will do).
  const moves: BoardMove[] = [];
  for (const [at, owner] of owners) {
    if (owner !== 0) continue;
    const [x, y] = at.split(",").map(Number) as [number, number];
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const to = `${x + dx},${y + dy}`;
      if (squares.includes(to) && !owners.has(to)) moves.push({ from: at, to });
    }
  }
  return { grid: "square", labelKey: "CANTINA.Board.Label", showLabels: true, cells, moves };
}

// By default the standalone board view's own settings: its largest canvas, and without a GPU no
// multisampling and one texture per batch (src/standalone/board-view.ts). `?antialias=0|1` and
// `?maxTextures=n` override them (SwiftShader pays per pixel for both; a GPU hardly does).
const query = new URLSearchParams(location.search);
const software = softwareWebGL();
const antialias = query.has("antialias") ? query.get("antialias") === "1" : !software;
const maxTextures = Number(query.get("maxTextures") ?? (software ? "1" : "0"));
if (maxTextures > 0) PIXI.BatchRenderer.defaultMaxTextures = maxTextures;
const VIEW = BOARD_VIEW_MAX_SIZE;
const app = new PIXI.Application({ width: VIEW, height: VIEW, antialias, backgroundColor: 0x222222 });
Object.assign(document.body.dataset, {
  software: String(software),
  antialias: String(antialias),
  maxTextures: String(maxTextures),
});
document.body.appendChild(app.view as HTMLCanvasElement);
const board = createCanvasBoard({
  pixi: PIXI,
  cacheGround: query.get("cacheGround") !== "0",
  localize: (key) => i18n.localize(key),
  onMove: () => undefined,
});
board.container.position.set(20, 20);
app.stage.addChild(board.container);
board.update(boardContext(spec()), { locked: false });
board.container.scale.set((VIEW - 40) / Math.max(board.size.width, board.size.height));

/** Moves one piece of the given side to an empty square (a "move" from the host), then redraws. */
function step(i: number): { update: number; render: number } {
  const side = i % 2;
  const mine = [...owners].filter(([, o]) => o === side).map(([s]) => s);
  const from = mine[(i * 7) % mine.length] as string;
  const empty = squares.filter((s) => !owners.has(s));
  const to = empty[(i * 13) % empty.length] as string;
  owners = new Map(owners);
  owners.delete(from);
  owners.set(to, side);
  const t0 = performance.now();
  board.update(boardContext(spec()), { locked: false });
  const t1 = performance.now();
  app.render();
  // Reading a pixel waits for the GPU (here, SwiftShader) to finish the frame.
  const gl = (app.renderer as PIXI.Renderer).gl;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  return { update: t1 - t0, render: performance.now() - t0 };
}

/** Frame deltas from requestAnimationFrame while `recording`. */
const frames: number[] = [];
let recording = false;
let last = 0;
const tick = (now: number): void => {
  if (recording && last > 0) frames.push(now - last);
  last = now;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);

function targets(): CanvasTarget[] {
  return board.targets().map((t) => {
    const p = board.container.toGlobal({ x: t.x, y: t.y });
    return { ...t, x: p.x, y: p.y };
  });
}

Object.assign(window, {
  canvasBench: {
    step,
    targets,
    pieces: () => owners.size,
    record: (on: boolean) => {
      recording = on;
      if (on) frames.length = 0;
      return [...frames];
    },
  },
});
document.body.dataset.ready = "";
