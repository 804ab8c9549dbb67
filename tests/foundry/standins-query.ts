/**
 * Foundry v13's `User#query` as its client routes it (read in the v13 client source:
 * `client/documents/user.mjs` `User#query`, `client/documents/collections/users.mjs`
 * `#handleUserQuery`; docs/foundry.md, "Requests and replies to their recipient only"):
 *  - on the sender's tab: the query must be in that tab's `CONFIG.queries`, the sender must hold the
 *    QUERY_USER permission, the target must be active; otherwise `query` throws and nothing is sent;
 *  - the server hands `userQuery` to the target user's tab(s) only (`world.queryTabs`: every tab,
 *    first answer taken, or the newest tab alone: the server is not public, so tests run both), and
 *    the answer to the sender's tab only; `network` rules lose or delay it under the name
 *    "userQuery";
 *  - the receiving tab runs `CONFIG.queries[name](data, {timeout})`, without the sender's id; a tab
 *    without that handler throws and never answers; a handler's error is answered as a rejection;
 *  - the client has no timeout of its own: `timeout` goes to the server, which (modelled; its code
 *    is not public) answers a rejection once it passes; without one an unanswered query waits for ever.
 * `wire.socket` notes each query ("userQuery", recipients the target) and its answer ("(query answer)").
 */
import type { FakeClient, FakeUser, FakeWorld } from "./standins";

type QueryResult = { status: "fulfilled"; value: unknown } | { status: "rejected"; reason: string };

/** The newest connected tab of `user`: the one whose `CONFIG` and `game.socket` the tests' current user has. */
export function newestTab(tabs: readonly FakeClient[], user: string): FakeClient | undefined {
  return tabs.filter((t) => t.connected && t.user === user).at(-1);
}

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

let nextQueryId = 0;

/** Gives every user of the world its `query`, sent from the acting user's newest tab (`FakeWorld.as`). */
export function installUserQueries(
  world: FakeWorld,
  users: readonly FakeUser[],
  travel: (name: string, recipients: string) => Promise<void>,
): void {
  for (const target of users)
    target.query = async (name, data, { timeout } = {}) => {
      const sender = world.actingUser();
      const tab = newestTab(world.tabs, sender.id);
      if (!tab || !(name in tab.queries)) throw new Error(`User query '${name}' is not registered`);
      if (!sender.hasPermission("QUERY_USER")) throw new Error("You do not have permission to query users");
      if (!target.active) throw new Error(`User [${target.id}] is not active`);
      const queryId = `q${++nextQueryId}`;
      const options = { timeout };
      world.wire.socket.push({ handler: "userQuery", recipients: target.id, args: [copy(data)] });
      const result = await new Promise<QueryResult>((resolve) => {
        let answered = false;
        const answer = (r: QueryResult) => {
          if (answered) return;
          answered = true;
          world.wire.socket.push({ handler: "(query answer)", recipients: sender.id, args: [copy(r)] });
          // The answer reaches the asking tab alone, if it is still there.
          if (tab.connected) world.arrive(r, target.id, [sender.id], [tab]);
          resolve(copy(r));
        };
        if (timeout !== undefined) setTimeout(() => answer({ status: "rejected", reason: "timed out" }), timeout);
        void deliver(world, sender.id, target, tab, [queryId, name, data, options], answer, travel);
      });
      if (result.status === "rejected") throw new Error(result.reason);
      return result.value;
    };
}

/** The server hands the query to the target's tab(s); each runs its handler; the first answer is taken. */
async function deliver(
  world: FakeWorld,
  from: string,
  target: FakeUser,
  senderTab: FakeClient,
  [queryId, name, data, options]: [string, string, unknown, { timeout?: number }],
  answer: (r: QueryResult) => void,
  travel: (name: string, recipients: string) => Promise<void>,
): Promise<void> {
  const open = world.tabs.filter((t) => t.connected && t.user === target.id && t !== senderTab);
  const tabs = world.queryTabs === "newest" ? open.slice(-1) : open;
  world.arrive(["userQuery", from, queryId, name, data, options], from, [target.id], tabs);
  await travel("userQuery", target.id);
  for (const tab of tabs) {
    if (!tab.connected) continue;
    const handler = tab.queries[name];
    // Users#handleUserQuery throws on a query this tab did not register: no answer is ever sent.
    if (!handler) continue;
    void (async () => {
      let result: QueryResult;
      try {
        const value = await world.inTab(tab, () => handler(copy(data), { timeout: options.timeout }));
        result = { status: "fulfilled", value: copy(value) };
      } catch (error) {
        result = { status: "rejected", reason: error instanceof Error ? error.message : String(error) };
      }
      // A tab closed meanwhile sends nothing.
      if (tab.connected) answer(result);
    })();
  }
}
