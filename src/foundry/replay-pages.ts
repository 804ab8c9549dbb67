/**
 * A replay a Foundry client does not hold, from the host in pages sized by their public bound
 * (public-size.ts `replayPageSteps`), none past what a client accepts. No Foundry global here.
 */
import { ReplayPages } from "../apps/replay/pages";
import type { Result } from "../rules/core";
import type { HostReply } from "../table/protocol";
import { replayPageSteps } from "./public-size";

export interface ReplayAsker {
  replay(tableId: string, from?: number, count?: number): Promise<HostReply>;
}

/**
 * Opens `tableId`'s replay through the host: the first page is the setup alone (its header names
 * the game and the seats, which size the pages after it); each later page holds as many steps from
 * its first as its bound allows. A refusal comes back as it came (not seated, not finished…).
 */
export async function hostReplayPages(
  client: ReplayAsker,
  tableId: string,
): Promise<Result<{ readonly pages: ReplayPages }>> {
  let sized: { readonly gameId: string; readonly seats: number } | null = null;
  return ReplayPages.open(async (from) => {
    const reply = await client.replay(tableId, from, sized ? replayPageSteps(sized.gameId, sized.seats, from) : 1);
    if (reply.ok && reply.replay) sized ??= { gameId: reply.replay.gameId, seats: reply.replay.seats.length };
    return reply;
  });
}
