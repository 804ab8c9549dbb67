/**
 * The standalone page in German (`?lang=de`): the lobby and a Sabacc table's window speak German,
 * and without the parameter the page stays English. Screenshot: test-results/standalone-de.png.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import { RESULTS, seatPeople, serveStandalone } from "./standalone";

const table = serveStandalone();

const text = (page: Page) => page.locator("body").innerText();

describe("standalone page: ?lang=de", () => {
  it("shows the lobby and a Sabacc table in German", async () => {
    const gm = await table().open("user=gm&lang=de&botDelay=0");
    expect(await gm.getAttribute("html", "lang")).toBe("de");
    expect(await text(gm)).toContain(de.CANTINA.Lobby.Title);

    await gm.selectOption('select[name="seatCount"]', "2");
    await seatPeople(gm, { player1: "Han", gm: "Maz" });
    await gm.click('[data-page-action="lobby-create"]');

    await expect.poll(() => gm.locator("[data-window]").innerText()).toContain(de.CANTINA.Sabacc.Status.Order);
    await gm.screenshot({ path: `${RESULTS}/standalone-de.png` });
    expect(await text(gm)).not.toContain(en.CANTINA.Sabacc.Status.Order);
  });

  it("stays English without the parameter", async () => {
    const player = await table().open("user=player1");
    expect(await player.getAttribute("html", "lang")).toBe("en");
    await expect.poll(() => text(player)).toContain(en.CANTINA.Sabacc.Status.Order);
  });
});
