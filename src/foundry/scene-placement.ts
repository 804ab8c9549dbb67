/**
 * Where a board-game table sits on a scene: the placement the GM chooses (centre, width, rotation,
 * lock), stored in the Scene's flag `flags["cantina-games"]["board-<table id>"]` (one key per table,
 * so that unsetFlag deletes one top-level key), read back from whatever the flags hold (a flag is
 * free-form: anything unreadable is dropped, never trusted).
 * No Foundry globals here: scene-boards.ts reads and writes the flag.
 */
import * as v from "valibot";

/** The prefix of a placement's flag key under the module's scope: `board-<table id>`. */
export const BOARD_FLAG_PREFIX = "board-";

/** The flag key (under the module's scope) of a table's placement. */
export function boardFlagKey(tableId: string): string {
  return `${BOARD_FLAG_PREFIX}${tableId}`;
}

/** A table's board on a scene, like a tile: its centre in scene pixels, its drawn width, its turn in degrees. */
export interface ScenePlacement {
  readonly tableId: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  /** Degrees clockwise, 0 ≤ rotation < 360. */
  readonly rotation: number;
  /** Locked: nobody moves pieces on the canvas (the window still plays). */
  readonly locked: boolean;
}

/** The smallest and largest width the GM may give a board, in scene pixels. */
export const MIN_BOARD_WIDTH = 100;
export const MAX_BOARD_WIDTH = 20_000;

/** A table id usable as a flag key (Foundry splits flag keys on dots; "-=" deletes). */
export function isPlaceableId(id: string): boolean {
  return /^[A-Za-z0-9_]{1,64}$/.test(id);
}

/** The part of the scene's dimensions a default placement needs (Scene.Dimensions in v13). */
export interface SceneRect {
  readonly sceneX: number;
  readonly sceneY: number;
  readonly sceneWidth: number;
  readonly sceneHeight: number;
}

/** A new board: at the scene's centre, half as wide as the scene's shorter side, upright, unlocked. */
export function defaultPlacement(tableId: string, rect: SceneRect): ScenePlacement {
  const width = clampWidth(Math.min(rect.sceneWidth, rect.sceneHeight) / 2);
  return {
    tableId,
    x: Math.round(rect.sceneX + rect.sceneWidth / 2),
    y: Math.round(rect.sceneY + rect.sceneHeight / 2),
    width,
    rotation: 0,
    locked: false,
  };
}

function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_BOARD_WIDTH, Math.max(MIN_BOARD_WIDTH, width)));
}

/** Degrees folded into [0, 360). */
export function normalRotation(degrees: number): number {
  const r = Math.round(degrees) % 360;
  return r < 0 ? r + 360 : r;
}

/** A change the GM asks for, applied within bounds (width clamped, rotation folded). */
export function withChange(
  placement: ScenePlacement,
  change: Partial<Omit<ScenePlacement, "tableId">>,
): ScenePlacement {
  const next = { ...placement, ...change };
  return {
    tableId: placement.tableId,
    x: Math.round(next.x),
    y: Math.round(next.y),
    width: clampWidth(next.width),
    rotation: normalRotation(next.rotation),
    locked: next.locked,
  };
}

const Finite = v.pipe(v.number(), v.finite());
/** A placement as its flag stores it (valibot): anything but `locked: true` reads as unlocked. */
const StoredPlacementSchema = v.object({
  x: Finite,
  y: Finite,
  width: Finite,
  rotation: Finite,
  locked: v.fallback(v.optional(v.literal(true)), undefined),
});

/** One stored placement, or null when the value is not one (a hand-edited or older flag). */
export function readPlacement(tableId: string, value: unknown): ScenePlacement | null {
  if (!isPlaceableId(tableId)) return null;
  const stored = v.safeParse(StoredPlacementSchema, value);
  if (!stored.success) return null;
  return withChange({ tableId, ...stored.output, locked: stored.output.locked === true }, {});
}

/** Every readable placement in a scene's module flags (`flags["cantina-games"]`), by table id. */
export function readPlacements(moduleFlags: unknown): Map<string, ScenePlacement> {
  const out = new Map<string, ScenePlacement>();
  if (typeof moduleFlags !== "object" || moduleFlags === null) return out;
  for (const [key, value] of Object.entries(moduleFlags)) {
    if (!key.startsWith(BOARD_FLAG_PREFIX)) continue;
    const placement = readPlacement(key.slice(BOARD_FLAG_PREFIX.length), value);
    if (placement) out.set(placement.tableId, placement);
  }
  return out;
}

/** The value stored in the flag (the table id is its key, so it is not repeated). */
export function storedPlacement(p: ScenePlacement): Omit<ScenePlacement, "tableId"> {
  return { x: p.x, y: p.y, width: p.width, rotation: p.rotation, locked: p.locked };
}
