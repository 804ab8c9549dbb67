/**
 * A lost reply in real Chromium (issue 23): Han's tab drops the GM tab's first reply, as a lost
 * message would. His window says "Sending…", the client sends the roll again with its id, the GM
 * tab answers it once, and the window shows the roll with no error (the next die is Lando's).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();

/**
 * Runs in the page before its scripts: the reply to the tab's first move (an "intent" request) is
 * dropped, and every text the windows' "sending" status shows is recorded in `window.sendingSeen`.
 */
function dropFirstReply(): void {
  const seen: string[] = [];
  (window as unknown as { sendingSeen: string[]; movesSent: number }).sendingSeen = seen;
  let firstMove: string | null = null;
  let dropped = false;
  const post = BroadcastChannel.prototype.postMessage;
  BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown): void {
    const packet = message as { kind?: string; id?: string; request?: { type?: string } };
    if (packet.kind === "req" && packet.request?.type === "intent") {
      firstMove ??= packet.id ?? null;
      (window as unknown as { movesSent: number }).movesSent =
        ((window as unknown as { movesSent?: number }).movesSent ?? 0) + 1;
    }
    post.call(this, message);
  };
  const add = BroadcastChannel.prototype.addEventListener;
  BroadcastChannel.prototype.addEventListener = function (
    this: BroadcastChannel,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void {
    const wrapped = (ev: Event): void => {
      const data = (ev as MessageEvent<{ kind?: string; id?: string }>).data;
      if (!dropped && data?.kind === "rep" && firstMove !== null && data.id === firstMove) {
        dropped = true;
        return;
      }
      if (typeof listener === "function") listener.call(this, ev);
      else listener.handleEvent(ev);
    };
    add.call(this, type, wrapped, options);
  };
  new MutationObserver(() => {
    for (const el of document.querySelectorAll("[data-window] [data-sending]"))
      if (el.textContent) seen.push(el.textContent);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

async function openDroppingFirstReply(query: string): Promise<Page> {
  const page = await table().context.newPage();
  await page.addInitScript(dropFirstReply);
  await page.goto(`${table().url}?${query}`);
  await page.waitForSelector("[data-user]");
  return page;
}

describe("standalone table: a lost reply", () => {
  it("the player's window says Sending…, the roll is sent again with its id and made once", async () => {
    const gm = await table().open("user=gm&dice=90,60&botDelay=0");
    const han = await openDroppingFirstReply("user=player1");
    const lando = await table().open("user=player2");
    await seatPeople(gm, { player1: "Han", player2: "Lando" });
    await gm.click('[data-page-action="lobby-create"]');

    const window = han.locator("[data-window]");
    await window.locator('[data-action="roll-order"]').click();
    const rolls = (page: Page, seat: string) =>
      page.locator(`[data-window] [data-seat="${seat}"] [data-order-rolls]`).textContent();
    await expect.poll(() => rolls(han, "seat-1"), { timeout: 15_000 }).toBe("90");
    // The roll shows as soon as its push arrives; the retry's answer comes after the lost reply's 1.5 s.
    await expect.poll(() => window.locator("[data-sending]").textContent(), { timeout: 15_000 }).toBe("");
    expect(await window.getAttribute("aria-busy")).toBeNull();
    expect(await han.evaluate(() => (window as unknown as { sendingSeen: string[] }).sendingSeen)).toContain(
      "Sending…",
    );
    expect(await window.locator("[data-error]").first().textContent()).toBe("");
    // Sent twice (the transport numbers its packets; the request inside kept its requestId), made once.
    expect(await han.evaluate(() => (window as unknown as { movesSent: number }).movesSent)).toBe(2);
    await han.screenshot({ path: `${RESULTS}/retry-after-lost-reply.png` });
    // Rolled once: the next scripted die is Lando's.
    await lando.locator('[data-window] [data-action="roll-order"]').click();
    await expect.poll(() => rolls(lando, "seat-2")).toBe("60");
  });
});
