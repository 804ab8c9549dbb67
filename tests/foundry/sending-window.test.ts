/**
 * The game window while a request awaits its answer (issue 23): a spectator's bet whose socket
 * message is lost shows "sending…" (an aria-live status, aria-busy on the window, its buttons off)
 * while the client waits to send it again, then the answer (one bet) or the final failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameWindow as GameWindowClass } from "../../src/foundry/game-window";
import { Handlers } from "../../src/foundry/runtime";
import { SEVEN_ID } from "../../src/rules/ulwan";
import type { RetryPolicy } from "../../src/table/client";
import type { FoundryDom } from "./application";
import { playerClient } from "./standins";
import { clientWindow, gmWorld, loadGameWindow, openTable, removeFoundryGlobals, settleAll } from "./world";

let dom: FoundryDom;
let GameWindow: typeof GameWindowClass;

beforeAll(async () => ({ dom, GameWindow } = await loadGameWindow()));

afterAll(() => removeFoundryGlobals());

/** A retry policy whose one wait holds until the test lets it go (and says when it began). */
function heldRetry() {
  let release: () => void = () => undefined;
  let began: () => void = () => undefined;
  const waiting = new Promise<void>((r) => (began = r));
  const policy: RetryPolicy = {
    delaysMs: [300],
    wait: () =>
      new Promise<void>((r) => {
        release = r;
        began();
      }),
  };
  return { policy, waiting, release: () => release() };
}

/** Seven Ulwan with betting; carol (who joined the event) watches it in her window, her client retrying as `retry` says. */
async function spectatorWindow(retry: RetryPolicy) {
  const { world, runtime } = await gmWorld(["alice", "bob", "carol"]);
  const carol = await playerClient(world, "carol", { deadlineMs: 20, retry });
  const tableId = await openTable(runtime, SEVEN_ID, { betting: { winnerShare: 5 } });
  const eventId = runtime.host!.record(tableId)!.eventId;
  expect((await runtime.client!.joinEvent(eventId, "carol", "Carol")).ok).toBe(true);
  await settleAll(runtime, [carol]);
  const win = clientWindow<GameWindowClass>(GameWindow, carol.client, tableId);
  await win.render({ force: true });
  const betButton = () => win.element.querySelector<HTMLButtonElement>('[data-betting] button[data-action="sideBet"]')!;
  const sending = () => win.element.querySelector("[data-sending]")!.textContent;
  const carolsBets = () =>
    runtime
      .host!.record(tableId)!
      .betting!.pools.flatMap((p) => p.bets)
      .filter((b) => b.account === "carol").length;
  return { world, runtime, carol, win, betButton, sending, carolsBets };
}

describe("the window says it is sending until the answer or the final failure", () => {
  it("a bet whose first message is lost: sending…, busy, its button off; then one bet and the window free again", async () => {
    const held = heldRetry();
    const w = await spectatorWindow(held.policy);
    let lost = 1;
    w.world.network.lose = (handler) => handler === Handlers.request && lost-- > 0;
    expect(w.sending()).toBe("");
    dom.click(w.betButton(), 0);
    await held.waiting; // the first try found no answer; the client waits to send it again
    expect(w.sending()).toBe("CANTINA.Sending");
    expect(w.win.element.getAttribute("aria-busy")).toBe("true");
    expect(w.betButton().disabled).toBe(true);
    const status = w.win.element.querySelector("[data-sending]")!;
    expect(status.getAttribute("aria-live")).toBe("polite");
    held.release();
    await w.win.lastAction;
    await settleAll(w.runtime, [w.carol]);
    expect(w.sending()).toBe("");
    expect(w.win.element.hasAttribute("aria-busy")).toBe(false);
    expect(w.betButton().disabled).toBe(false);
    expect(w.win.element.querySelector("[data-bet-error]")!.textContent).toBe("");
    expect(w.carolsBets()).toBe(1);
  });

  it("a bet never answered: sending… until the last try, then the NoAnswer message and nothing staked", async () => {
    const held = heldRetry();
    const w = await spectatorWindow(held.policy);
    w.world.network.lose = (handler) => handler === Handlers.request;
    dom.click(w.betButton(), 0);
    await held.waiting;
    expect(w.sending()).toBe("CANTINA.Sending");
    held.release();
    await w.win.lastAction;
    expect(w.sending()).toBe("");
    expect(w.win.element.hasAttribute("aria-busy")).toBe(false);
    expect(w.win.element.querySelector("[data-bet-error]")!.textContent).toBe("CANTINA.Error.NoAnswer");
    expect(w.carolsBets()).toBe(0);
  });
});
