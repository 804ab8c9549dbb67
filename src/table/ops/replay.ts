/**
 * A finished table's replay as the asking user may see it (live or archived): their seat's view
 * of each step, the GM's all; refused to a user who held no seat there. Changes nothing.
 */
import { refuse } from "../../rules/core";
import { Errors, type HostReply, type UserId } from "../protocol";
import { type ReplayRecord, isFinished, replaySteps } from "../record-file";
import { replayPage, replayViewerFor } from "../replay-view";
import type { OpContext } from "../context";

/**
 * `record`: the table as found live, else in the archive (null: in neither); a page of up to
 * `count` steps from step `first` (absent: from the setup, as many as a page holds).
 */
export function replay(
  record: ReplayRecord | null,
  tableId: string,
  from: UserId,
  ctx: OpContext,
  first?: number,
  count?: number,
): HostReply {
  if (!record) return refuse(Errors.unknownTable);
  if (!isFinished(record)) return refuse(Errors.notFinished);
  const viewer = replayViewerFor(record, from, ctx.isGM(from));
  if (!viewer) return refuse(Errors.notSeated);
  const replayed = replaySteps(record, ctx.games);
  if (!replayed.ok) return replayed;
  const page = replayPage(record, replayed.game, replayed.steps, viewer, first, count);
  return page.ok ? { ok: true, tableId, replay: page.replay } : page;
}
