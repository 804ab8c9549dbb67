/**
 * Whose drag a token's move can be (issue 35). Roll20's `change:graphic`/`change:path` names no
 * mover, and a GM may drag any token; so a drop is taken as its controller's move only when they
 * could have made it and no GM could have: from what the sandbox tells (docs/roll20.md, "Moving").
 */
import type { Localizer } from "../apps/core/i18n";
import { COMMAND } from "./commands";
import type { Players } from "./players";
import { button, card, escapeChat } from "./render";
import type { Sandbox } from "./sandbox";

/**
 * - `theirs`: the controller is online and on the token's page, and no other GM is on that page;
 * - `ask`: a GM is on that page too, so the drag may be theirs: the controller confirms by a button;
 * - `not-theirs`: the controller is offline or elsewhere: only a GM can have dragged it.
 */
export type DragVerdict = "theirs" | "ask" | "not-theirs";

/** The page a person is on: a GM's last opened page; a player's own page, else the players' page. */
function pageOf(sandbox: Sandbox, playerId: string): string | null {
  const player = sandbox.getObj("player", playerId);
  if (!player) return null;
  if (sandbox.playerIsGM(playerId)) return player.get("_lastpage") || null;
  const campaign = sandbox.Campaign();
  const specific = campaign.get("playerspecificpages");
  const own = specific ? specific[playerId] : undefined;
  if (own) return own;
  const ribbon = campaign.get("playerpageid");
  return typeof ribbon === "string" && ribbon !== "" ? ribbon : null;
}

export function whoseDrag(sandbox: Sandbox, controller: string, pageId: string): DragVerdict {
  const player = sandbox.getObj("player", controller);
  if (!player || !player.get("_online")) return "not-theirs";
  // A GM controller may drag anything anywhere; a player only on the page they are on.
  if (!sandbox.playerIsGM(controller) && pageOf(sandbox, controller) !== pageId) return "not-theirs";
  const gmHere = sandbox
    .findObjs({ _type: "player" })
    .some(
      (p) => p.id !== controller && p.get("_online") && sandbox.playerIsGM(p.id) && pageOf(sandbox, p.id) === pageId,
    );
  return gmHere ? "ask" : "theirs";
}

/** A drop that was not surely its controller's, after it was put back: who is told what. */
export function tellDragNotPlayed(
  players: Players,
  i18n: Localizer,
  verdict: Exclude<DragVerdict, "theirs">,
  controller: string,
  drop: { readonly tableId: string; readonly version: number; readonly from: string; readonly to: string },
): void {
  const title = i18n.localize("CANTINA.Title");
  if (verdict === "not-theirs") {
    const text = i18n.format("CANTINA.Roll20.Delivery.DragNotTheirs", { player: players.name(controller) });
    for (const gm of players.gms()) players.whisper(gm, card(title, [escapeChat(text)]));
    return;
  }
  // The controller's click is theirs (the caller is who clicks): the drop as a button, no choice yet.
  const { tableId, version, from, to } = drop;
  players.whisper(
    controller,
    card(
      title,
      [escapeChat(i18n.localize("CANTINA.Roll20.Delivery.ConfirmDrag"))],
      [
        button(
          i18n.format("CANTINA.Roll20.Delivery.PlayDrag", { from, to }),
          `${COMMAND} drop ${tableId} ${version} ${from} ${to}`,
        ),
      ],
    ),
  );
}
