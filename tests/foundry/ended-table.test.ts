/**
 * "End the table" mid-game on Foundry (issue 27), on the stand-ins: the host posts one public chat
 * message naming the table (tagged with it, as its rolls are), the GM's client gets a notification,
 * and a player's client, over the sealed socket, learns that the table was ended (its chat line).
 */
import { chatMessageData } from "../../src/foundry/chat";
import { afterEach, describe, expect, it } from "vitest";
import { endedPlan } from "../../src/foundry/ended-table";
import { TABLE_ENDED_KEY } from "../../src/table/client";
import type { TableUpdate } from "../../src/table/protocol";
import { playerClient } from "./standins";
import { gmWorld, openTable, removeFoundryGlobals, settleAll } from "./world";

const GAME = "sabacc-super-simplified";

afterEach(() => removeFoundryGlobals());

describe("a table the GM ends on Foundry", () => {
  it("posts one public chat message naming the table, notifies, and tells a player's client it was ended", async () => {
    const { world, runtime } = await gmWorld(["alice", "bob"]);
    const alice = await playerClient(world, "alice");
    await alice.client.sync();
    const tableId = await openTable(runtime, GAME);
    await settleAll(runtime, [alice]);
    expect(alice.client.tables.has(tableId)).toBe(true);
    const ended: string[] = [];
    alice.client.onEnded((last) => ended.push(last.table.id));
    const chatBefore = world.wire.chat.length;

    expect(await runtime.client!.end(tableId)).toEqual({ ok: true });
    await settleAll(runtime, [alice]);

    const posted = world.wire.chat.slice(chatBefore);
    expect(posted).toHaveLength(1);
    const { data, options } = posted[0]!;
    expect(data.whisper).toBeUndefined();
    expect(options).toMatchObject({ rollMode: "publicroll" });
    expect(String(data.content)).toContain("CANTINA.Chat.TableEndedNamed");
    expect(String(data.content)).toContain("Alice, Bob");
    expect(data.flags).toMatchObject({ "cantina-games": { table: { id: tableId } } });
    expect(world.wire.notifications).toContainEqual({
      kind: "info",
      text: expect.stringContaining("CANTINA.Chat.TableEndedNamed") as unknown as string,
    });
    expect(ended).toEqual([tableId]);
    expect(alice.client.tables.has(tableId)).toBe(false);
    expect(alice.client.chat.filter((l) => l.tableId === tableId).map((l) => l.event)).toEqual([
      { kind: "notice", key: TABLE_ENDED_KEY, params: {} },
    ]);
  });

  it("escapes the seat names people typed in the chat message's HTML", async () => {
    const table = {
      id: "t1",
      gameId: GAME,
      seats: [{ seat: "seat-1", name: "<img src=x onerror=alert(1)>", kind: "person", userId: "alice" }],
    } as unknown as TableUpdate["table"];
    const plan = endedPlan(table, {
      hostUser: "gm",
      localize: (k) => k,
      format: (k, p) => `${k} ${String(p.table)}`,
    });
    const { data } = (await chatMessageData(plan, null))!;
    expect(String(data.content)).not.toContain("<img");
    expect(String(data.content)).toContain("&#60;img");
    expect(plan.whisper).toBeNull();
  });
});
