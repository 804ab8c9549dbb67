/**
 * A paged replay in the window's hands (src/apps/replay/pages.ts): it fetches a step's page when asked
 * for a step it lacks and the steps ahead without being asked, answers a refusal with its reason and
 * keeps nothing of a page that is not the one asked for; and the replay request's envelope refuses a
 * page number that is not a step.
 */
import { describe, expect, it } from "vitest";
import { ReplayPages } from "../../src/apps/replay/pages";
import { games } from "../../src/games";
import type { HostReply } from "../../src/table/protocol";
import { parseRequest } from "../../src/table/parse-request";
import { replaySteps } from "../../src/table/record-file";
import { replayPage, viewReplay } from "../../src/table/replay-view";
import { botRecord } from "../helpers/replay-record";

const record = botRecord("ulwan", 1, 2);
const replayedOrError = replaySteps(record, games);
if (!replayedOrError.ok) throw new Error(replayedOrError.error.code);
const replayed = replayedOrError;
const GM = { role: "gm" } as const;

/** A host answering pages of 5 steps (as TableHost does, replay-view.ts `replayPage`), noting each ask. */
function host(tamper: (reply: HostReply, from: number) => HostReply = (r) => r) {
  const asked: number[] = [];
  const fetch = async (from: number): Promise<HostReply> => {
    asked.push(from);
    const page = replayPage(record, replayed.game, replayed.steps, GM, from, 5);
    return tamper(page.ok ? { ok: true, replay: page.replay } : page, from);
  };
  return { asked, fetch };
}

describe("a paged replay", () => {
  it("fetches the page of a step it lacks, and the steps ahead of it, until it holds the whole replay", async () => {
    const { asked, fetch } = host();
    const pagesOpened = await ReplayPages.open(fetch);
    if (!pagesOpened.ok) throw new Error(pagesOpened.error.code);
    const pages = pagesOpened.pages;
    expect(asked).toEqual([0]);
    expect(pages.has(5)).toBe(false);
    expect(await pages.ensure(12)).toEqual({ ok: true });
    expect(pages.has(12)).toBe(true);
    expect(asked.slice(0, 2)).toEqual([0, 12]);
    for (let i = 0; i < record.log.length; i++) expect(await pages.ensure(i)).toEqual({ ok: true });
    expect(pages.replay.steps).toEqual(viewReplay(record, replayed.game, replayed.steps, GM).steps);
    expect(record.log.length).toBeGreaterThan(20);
  });

  it("a refused page gives its reason; a page that is not the one asked for is kept out", async () => {
    const refusing = host((reply, from) => (from > 0 ? { ok: false, error: { code: "CANTINA.Error.NoHost" } } : reply));
    const pagesOpened = await ReplayPages.open(refusing.fetch);
    if (!pagesOpened.ok) throw new Error(pagesOpened.error.code);
    const pages = pagesOpened.pages;
    expect(await pages.ensure(7)).toEqual({ ok: false, error: { code: "CANTINA.Error.NoHost" } });
    expect(pages.has(7)).toBe(false);
    const shifted = host((reply, from) =>
      from > 0 && reply.ok && reply.replay ? { ok: true, replay: { ...reply.replay, from: from + 1 } } : reply,
    );
    const otherOpened = await ReplayPages.open(shifted.fetch);
    if (!otherOpened.ok) throw new Error(otherOpened.error.code);
    const other = otherOpened.pages;
    expect(await other.ensure(7)).toEqual({ ok: false, error: { code: "CANTINA.Error.Malformed" } });
    expect(other.has(8)).toBe(false);
  });

  it("the replay request's envelope takes a page's first step and count, and refuses any that is not a step", () => {
    expect(parseRequest({ type: "replay", tableId: "t1", from: 3, count: 40 })).toEqual({
      type: "replay",
      tableId: "t1",
      from: 3,
      count: 40,
    });
    expect(parseRequest({ type: "replay", tableId: "t1" })).toEqual({ type: "replay", tableId: "t1" });
    for (const bad of [{ from: -1 }, { from: 1.5 }, { from: "2" }, { count: 0 }, { count: -3 }])
      expect(parseRequest({ type: "replay", tableId: "t1", ...bad }), JSON.stringify(bad)).toBeNull();
  });
});
