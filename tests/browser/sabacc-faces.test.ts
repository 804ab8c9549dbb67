/**
 * Sabacc's cards and the dice as a player sees them (issue 33), in real Chromium: a True Sabacc table
 * of three bots played to its show and a Simplified table of three, watched by the GM at 1024×768.
 * Every card shown is a card (its value in two corners, its suit drawn or its name written, negative
 * cards marked by a sign and a frame of their own), every hand has its total, the show fits in the
 * window unscrolled; the dice hands are card-like chips; every roll in chat is drawn as its dice.
 * Screenshots in test-results/sabacc-faces-*.png, light and dark, 1024×768 and 1920×1080.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./axe";
import { RESULTS, serveStandalone, settled } from "./standalone";

const table = serveStandalone();
const SMALL = { width: 1024, height: 768 };
const LARGE = { width: 1920, height: 1080 };

const win = (page: Page, game: string): Locator => page.locator(`[data-window][data-game="${game}"]`).last();

/** The GM seats `seats` bots at a new table of `gameId`, opens its window and waits for the bots to finish. */
async function botsPlay(gm: Page, gameId: string, seats: number): Promise<Locator> {
  await gm.bringToFront();
  await gm.selectOption('select[name="gameId"]', gameId);
  await gm.selectOption('select[name="seatCount"]', String(seats));
  for (let i = 0; i < seats; i++) await gm.selectOption(`select[name="seat${i}.kind"]`, "bot");
  await gm.click('[data-page-action="lobby-create"]');
  await gm.locator("[data-table-row]").last().locator('[data-page-action="table-open"]').click();
  const w = win(gm, gameId);
  await expect.poll(() => w.locator("[data-winner]").count(), { timeout: 120_000 }).toBeGreaterThan(0);
  await settled(gm);
  return w;
}

/** How far the window's content overflows its box, in px (0: it all shows unscrolled). */
async function overflow(w: Locator): Promise<number> {
  return w
    .locator(".cantina-sabacc-table")
    .evaluate((section) =>
      Math.max(
        0,
        section.scrollHeight - section.clientHeight,
        section.getBoundingClientRect().height - window.innerHeight,
      ),
    );
}

/**
 * How far the show lies below the screen when the window's top is at the screen's top, in px: the
 * winner's line, the pots and each hand (its name and its cards' first row) must be in view.
 */
async function belowTheFold(w: Locator): Promise<number> {
  await w.evaluate((el) => el.scrollIntoView({ block: "start" }));
  return w.locator(".cantina-sabacc-table").evaluate((show) => {
    const parts = [
      show.querySelector("[data-status]"),
      show.querySelector(".cantina-pots"),
      ...[...show.querySelectorAll("[data-seat]")].map((seat) => seat.querySelector("[data-card]") ?? seat),
    ];
    const bottoms = parts.map((part) => part?.getBoundingClientRect().bottom ?? Infinity);
    return Math.max(0, Math.ceil(Math.max(...bottoms) - window.innerHeight));
  });
}

/** The names written on cards whose text does not fit on the face (clipped). */
async function clippedNames(w: Locator): Promise<string[]> {
  return w
    .locator("[data-card-name]")
    .evaluateAll((names) =>
      names
        .filter((n) => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
        .map((n) => n.textContent ?? ""),
    );
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ["dark", "light"]) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-cantina-theme", t), theme);
    for (const size of [SMALL, LARGE]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${RESULTS}/sabacc-faces-${name}-${size.width}-${theme}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute("data-cantina-theme", "dark"));
  await page.setViewportSize(SMALL);
}

describe("Sabacc cards and dice", () => {
  it("True Sabacc: every card a card with its value in the corners, every hand its total, the show unscrolled at 1024×768", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    await gm.setViewportSize(SMALL);
    const w = await botsPlay(gm, "sabacc-true", 3);
    await w.locator(".cantina-sabacc-table").evaluate((el) => el.scrollIntoView());
    await shoot(gm, "true-show");
    const cards = w.locator("[data-hand-cards] [data-card]:not([data-card=hidden]), [data-field] [data-card]");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      const value = Number(await card.getAttribute("data-value"));
      // Its value, signed when negative, in two corners.
      const corners = await card.locator("[data-corner]").allTextContents();
      expect(corners).toEqual([value < 0 ? `−${-value}` : `${value}`, value < 0 ? `−${-value}` : `${value}`]);
      // Negative cards carry their own frame; the others do not.
      expect(await card.getAttribute("data-sign")).toBe(value < 0 ? "negative" : value > 0 ? "positive" : "zero");
      // A suited card shows its suit drawn; a named card its name.
      const suit = await card.locator("[data-symbol]").getAttribute("data-symbol");
      expect(suit).toBeTruthy();
      const named = await card.locator("[data-card-name]").count();
      if (["sabres", "flasks", "coins", "staves"].includes(suit ?? ""))
        expect(await card.locator("svg path, svg circle").count()).toBeGreaterThan(0);
      else expect(named).toBe(1);
      expect(await card.getAttribute("aria-label")).toBeTruthy();
    }
    // Every hand shows its total.
    for (const seat of await w.locator("[data-seat]").all())
      if ((await seat.locator("[data-hand-cards] [data-card]:not([data-card=hidden])").count()) > 0)
        expect(await seat.locator("[data-hand-total]").count()).toBe(1);
    expect(await overflow(w)).toBe(0);
    // With the window's top at the top of the screen, the end summary and the GM's tools above the show
    // leave the winner, the pots and every hand in view.
    expect(await belowTheFold(w)).toBe(0);
    await expectAccessible(gm, `${RESULTS}/sabacc-faces-true-show-1024-dark.png`);

    // The help names every named card on its face.
    await w.locator('[data-action="tableHelp"]').first().click();
    const specials = w.locator("[data-help] [data-card-name]");
    await expect
      .poll(() => specials.allTextContents())
      .toEqual(expect.arrayContaining(["The Idiot", "Moderation", "The Evil One", "The Star"]));

    // Every roll in chat is drawn as its dice: the order's 1d100 as numbered dice.
    const roll = gm.locator('[data-chat-line][data-notation="1d100"]').first();
    expect(await roll.locator("[data-die-face]").count()).toBe(1);
    expect(await roll.locator('[data-die-face] [data-die-kind="number"]').count()).toBe(1);
    await tabs.context.close();
  });

  it("Simplified: each hand one card-like chip with its number; the d2 and 1–23 rolls drawn as dice in chat", async () => {
    const tabs = await table().newContext();
    const gm = await tabs.open("user=gm&botDelay=0");
    await gm.setViewportSize(SMALL);
    const w = await botsPlay(gm, "sabacc-simplified", 3);
    await w.locator(".cantina-sabacc-table").evaluate((el) => el.scrollIntoView());
    await shoot(gm, "simplified-show");
    const chips = w.locator("[data-hand].cantina-hand-chip");
    expect(await chips.count()).toBeGreaterThan(0);
    for (const chip of await chips.all()) {
      const hand = await chip.getAttribute("data-hand");
      if (hand === "hidden" || hand === "none") continue;
      expect((await chip.locator("[data-corner]").allTextContents())[0]).toBe(hand);
    }
    expect(await overflow(w)).toBe(0);
    const coin = gm.locator('[data-chat-line][data-notation="1d2"] [data-die-face] [data-die-kind="coin"]');
    await expect.poll(() => coin.count()).toBeGreaterThan(0);
    const numbered = gm.locator('[data-chat-line][data-notation="1d23"] [data-die-face] [data-die-kind="number"]');
    expect(await numbered.count()).toBeGreaterThan(0);
    await tabs.context.close();
  });
});

interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Two boxes share some area (touching edges do not count). */
const meets = (a: Box, b: Box): boolean =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** Each tickable card of the hand: its tick box's box and its corner values' boxes, in page pixels. */
function tickBoxesAndCorners(w: Locator): Promise<{ card: string; tick: Box; corners: Box[] }[]> {
  return w.locator("label.cantina-card-pick").evaluateAll((labels) =>
    labels.map((label) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, width: r.width, height: r.height };
      };
      return {
        card: label.getAttribute("data-card") ?? "",
        tick: box(label.querySelector('input[type="checkbox"]')!),
        corners: [...label.querySelectorAll("[data-corner]")].map(box),
      };
    }),
  );
}

describe("True Sabacc's tick boxes", () => {
  it("every card's tick box stays off both corner values at 1024×768 and 1920×1080, and the keyboard ticks it; German names fit on the faces", async () => {
    // In German, whose names are longer.
    const tabs = await table().newContext({ lang: "de" });
    const gm = await tabs.open("user=gm&botDelay=0");
    const han = await tabs.open("user=player1");
    await han.setViewportSize(SMALL);
    await gm.bringToFront();
    await gm.selectOption('select[name="gameId"]', "sabacc-true");
    await gm.selectOption('select[name="seat0.kind"]', "person");
    await gm.selectOption('select[name="seat0.userId"]', "player1");
    await gm.fill('input[name="seat0.name"]', "Han");
    await gm.selectOption('select[name="seat1.kind"]', "bot");
    await gm.click('[data-page-action="lobby-create"]');
    const w = win(han, "sabacc-true");
    await w.waitFor();
    await han.bringToFront();
    const ticks = w.locator('input[type="checkbox"][data-card]');
    // Roll for order, take the two cards dealt; then it is Han's turn to draw, trade or stand.
    for (let i = 0; i < 40 && (await ticks.count()) === 0; i++) {
      await settled(han);
      const next = w.locator('[data-action="roll-order"], [data-action="deal"], [data-action="keep"]');
      if ((await next.count()) > 0) await next.first().click();
      else await han.waitForTimeout(150);
    }
    expect(await ticks.count()).toBe(2);
    await han.screenshot({ path: `${RESULTS}/sabacc-faces-true-pick-1024.png` });
    // Every card of the hand, at both sizes: its tick box's box meets neither corner's value.
    for (const size of [SMALL, LARGE]) {
      await han.setViewportSize(size);
      const cards = await tickBoxesAndCorners(w);
      expect(cards.length).toBe(2);
      for (const card of cards) {
        expect(card.corners.length, card.card).toBe(2);
        for (const corner of card.corners) {
          // A value drawn (not an empty box), and the tick box apart from it.
          expect(corner.width * corner.height, card.card).toBeGreaterThan(20);
          expect(meets(card.tick, corner), `${size.width}: ${card.card} ${JSON.stringify(card)}`).toBe(false);
        }
      }
    }
    await han.setViewportSize(SMALL);
    // The keyboard reaches and ticks a card.
    await ticks.first().focus();
    await han.keyboard.press("Space");
    expect(await ticks.first().isChecked()).toBe(true);
    await expectAccessible(han, `${RESULTS}/sabacc-faces-true-pick-1024.png`);
    // The help's cards carry their German names, each whole on its face.
    await w.locator('[data-action="tableHelp"]').first().click();
    await expect
      .poll(() => w.locator("[data-help] [data-card-name]").allTextContents())
      .toEqual(expect.arrayContaining(["Bösewicht", "Königin der Luft und der Finsternis", "Kommandant"]));
    expect(await clippedNames(w)).toEqual([]);
    await w.locator("[data-help]").screenshot({ path: `${RESULTS}/sabacc-faces-help-de.png` });
    await tabs.context.close();
  });
});
