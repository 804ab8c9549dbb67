/**
 * A table concern's requests live in its folder (issue 36): the one wire schema takes each of them from
 * the concerns' registry of requests, and `ClientRequest` keeps the exact type of every request.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { CONCERN_REQUESTS } from "../../../src/table/concerns/requests";
import { ClientRequestSchema, parseRequest } from "../../../src/table/parse-request";
import type { ClientRequest } from "../../../src/table/protocol";

type Of<T extends ClientRequest["type"]> = Extract<ClientRequest, { type: T }>;

describe("the concerns' requests in the wire schema", () => {
  it("joins every concern's request schema into the one request variant, each type once", () => {
    const options = ClientRequestSchema.pipe[0].options;
    for (const schema of CONCERN_REQUESTS) expect(options).toContain(schema);
    const types = options.map((o) => o.entries.type.literal);
    expect(new Set(types).size).toBe(types.length);
    expect(CONCERN_REQUESTS.map((s) => s.entries.type.literal).sort()).toEqual(
      [
        "away",
        "lobby-start",
        "play-again",
        "seat-user",
        "side-bet",
        "sit-down",
        "skip",
        "undo",
        "watch",
        "tournament-create",
        "tournament-circuit",
        "tournament-enter",
        "tournament-sign-up",
        "tournament-manage",
        "tournament-sign-ups",
        "tournament-round",
        "tournament-transfer",
      ].sort(),
    );
  });

  it("reads a concern's request as before: its fields kept, unknown ones dropped, a bad one refused", () => {
    const undo = { type: "undo", tableId: "t1", version: 4, requestId: "r1" };
    expect(parseRequest({ ...undo, extra: 1 })).toEqual(undo);
    expect(parseRequest({ ...undo, version: -1 })).toBeNull();
    const sit = { type: "sit-down", tableId: "t1", seat: "s1", sit: true, version: 0, name: "  Rey " };
    expect(parseRequest(sit)).toEqual({ ...sit, name: "Rey" });
    expect(parseRequest({ type: "away", tableId: "t1", seat: "s1" })).toBeNull();
  });

  it("keeps the exact type of each request, a concern's and the core's (checked by the typecheck)", () => {
    expectTypeOf<ClientRequest["type"]>().toEqualTypeOf<
      | "intent"
      | "sync"
      | "create"
      | "end"
      | "rematch"
      | "replay"
      | "pause"
      | "seat-bot"
      | "remove-player"
      | "seat-user"
      | "play-again"
      | "event-create"
      | "event-join"
      | "ledger-adjust"
      | "side-bet"
      | "away"
      | "skip"
      | "undo"
      | "sit-down"
      | "lobby-start"
      | "watch"
      | "tournament-create"
      | "tournament-circuit"
      | "tournament-enter"
      | "tournament-sign-up"
      | "tournament-manage"
      | "tournament-sign-ups"
      | "tournament-round"
      | "tournament-transfer"
    >();
    expectTypeOf<Of<"undo">>().toEqualTypeOf<{
      readonly type: "undo";
      readonly tableId: string;
      readonly version: number;
      readonly requestId?: string | undefined;
    }>();
    expectTypeOf<Of<"sit-down">>().toEqualTypeOf<{
      readonly type: "sit-down";
      readonly tableId: string;
      readonly seat: string;
      readonly sit: boolean;
      readonly version: number;
      readonly name?: string | undefined;
      readonly requestId?: string | undefined;
    }>();
    expectTypeOf<Of<"side-bet">>().toEqualTypeOf<{
      readonly type: "side-bet";
      readonly tableId: string;
      readonly pool: string;
      readonly outcome: string;
      readonly amount: number;
      readonly requestId?: string | undefined;
    }>();
    expectTypeOf<Of<"end">>().toEqualTypeOf<{
      readonly type: "end";
      readonly tableId: string;
      readonly requestId?: string | undefined;
    }>();
  });
});
