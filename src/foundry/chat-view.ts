/**
 * Private rolls on the clients they were sealed for. Every client hears `renderChatMessageHTML`
 * for each chat message it shows; for a message with sealed rolls (sealed-chat.ts) the client opens
 * the envelope addressed to its own user, if there is one from a GM with that GM's published key,
 * and replaces the placeholder with the flavour and the roll as Foundry renders it. Clients without
 * an envelope keep the placeholder. On `createChatMessage` (new messages only, not the log loaded
 * at start) a recipient's client animates the opened roll with Dice So Nice when it is active, on
 * this client only (`synchronize: false`), so the dice are never broadcast; where this client's
 * Dice So Nice is off or absent, it plays the dice sound instead.
 *
 * Foundry globals touched: `Roll.fromData`, `Roll#render`, `game.dice3d` and the dice sound (through env.ts), and the
 * message's HTML element.
 */
import { MODULE_ID } from "./api";
import { rollHtml } from "../apps/core/dice-faces";
import type { Localizer } from "../apps/core/i18n";
import { foundryRoll, rollJsonFaces } from "./roll-json";
import { rollDiceIn } from "../apps/core/dice-roll";
import type { Sealer } from "./crypto";
import * as env from "./env";
import { type OpenedRoll, openSealedRoll, sealedRollOf } from "./sealed-chat";
import type { Directory } from "./secure-transport";

/** The parts of a ChatMessage read here. */
export interface SealedChatMessage {
  readonly id: string | null;
  readonly flags: unknown;
  readonly author?: unknown;
}

export class SealedChatView {
  /** One opening per message, whatever the number of renders. */
  private readonly opened = new Map<string, Promise<OpenedRoll | null>>();

  constructor(
    /** This client's sealer, once its key pair is loaded (the log renders before that). */
    private readonly sealer: Promise<Sealer>,
    private readonly directory: Directory,
    /** Draws an opened roll as its dice (as the public ones are); without it, Foundry renders the roll. */
    private readonly i18n?: Localizer,
  ) {}

  open(message: SealedChatMessage): Promise<OpenedRoll | null> {
    const id = message.id;
    if (!id || !sealedRollOf(message.flags, MODULE_ID)) return Promise.resolve(null);
    let opened = this.opened.get(id);
    if (!opened) {
      opened = this.sealer
        .then((sealer) => openSealedRoll(message, MODULE_ID, sealer, this.directory))
        .catch(() => null);
      this.opened.set(id, opened);
    }
    return opened;
  }

  /** renderChatMessageHTML: show the opened roll in place of the placeholder; whether it did. */
  async render(message: SealedChatMessage, html: HTMLElement): Promise<boolean> {
    const opened = await this.open(message);
    if (!opened) return false;
    const drawn = this.i18n
      ? `<div class="cantina-games cantina-chat-card">${rollHtml(rollJsonFaces(opened.roll), this.i18n)}</div>`
      : await foundryRoll(opened.roll).render();
    showOpenedRoll(html, opened.flavor, drawn);
    return true;
  }

  /**
   * createChatMessage: a recipient's client animates the new roll for itself alone, as its own
   * Dice So Nice settings allow; where they do not (or Dice So Nice is not active), it plays the
   * dice sound instead, since the sealed message carries none.
   */
  async created(message: SealedChatMessage): Promise<void> {
    const opened = await this.open(message);
    if (!opened) return;
    const dice3d = env.dice3d();
    // No author (a deleted user): undefined, so Dice So Nice falls back to this client's user; null would break it.
    const author = message.author ?? undefined;
    const animated = dice3d ? await dice3d.showForRoll(foundryRoll(opened.roll), author, false) : false;
    if (!animated) env.playDiceSound();
  }
}

/**
 * Puts the flavour (as text) where Foundry shows a message's flavour, and the rendered roll in
 * place of the message's content.
 */
export function showOpenedRoll(html: HTMLElement, flavor: string, rollHtml: string): void {
  const content = html.querySelector(".message-content");
  if (!content) return;
  let flavorText = html.querySelector(".flavor-text");
  if (!flavorText) {
    flavorText = html.ownerDocument.createElement("span");
    flavorText.className = "flavor-text";
    const header = html.querySelector(".message-header");
    if (header) header.append(flavorText);
    else content.before(flavorText);
  }
  flavorText.textContent = flavor;
  content.innerHTML = rollHtml;
  html.classList.add("cantina-sealed-open");
}

/** How recent a message must be for its dice to tumble as it is drawn: not the log loaded at start. */
const FRESH_MS = 5000;

/**
 * A new roll's drawn dice tumble onto their faces where Dice So Nice does not show the roll itself
 * (and motion is allowed: dice-roll.ts); how many tumble. `timestamp` is the message's creation time.
 */
export function tumbleNewDice(message: { readonly timestamp?: unknown }, html: HTMLElement, now = Date.now()): number {
  if (env.dice3d()) return 0;
  const created = typeof message.timestamp === "number" ? message.timestamp : 0;
  const card = html.querySelector(".cantina-chat-card");
  return card && now - created <= FRESH_MS ? rollDiceIn(card) : 0;
}
