/**
 * The one "board-move" action every board game's window uses: a click or drop (from, to, id) is
 * matched against the moves the game's board offers; anything else goes to the game's refusal.
 */
import type { TableUpdate } from "../../table/protocol";
import { succeed } from "../../rules/core";
import type { ActionInput, ActionResult } from "../core/types";

/** A move the board offers this viewer now, with the game's own move it stands for. */
export interface BoardOffer<M> {
  readonly from: string;
  readonly to: string;
  /** Set where one (from, to) pair stands for several moves (the follow-up choice's id). */
  readonly id?: string;
  readonly move: M;
}

/** A click or drop on the board, as the hosts hand it over (`moveActionData`). */
export interface BoardClick {
  readonly from: string;
  readonly to: string;
  readonly id?: string;
  /** The board itself offered no such move (a piece that cannot move, a square it cannot reach). */
  readonly refused: boolean;
}

export interface BoardMoveRules<V, M> {
  /** The moves the board offers now (what its model's moves are drawn from); `fields`: the window's form. */
  offers(update: TableUpdate<V, M>, fields: Readonly<Record<string, string>>): readonly BoardOffer<M>[];
  /** A click that is no offered move: the game's reason, or a move for the rules to refuse with theirs. */
  refusal(click: BoardClick, update: TableUpdate<V, M>, input: ActionInput): ActionResult;
}

/** The click as data: from, to, the move's or the choice's id, and whether the board refused it. */
export function boardClickOf(input: ActionInput): BoardClick {
  const { from = "", to = "", id } = input.data;
  return { from, to, ...(id === undefined ? {} : { id }), refused: input.data.refused === "true" };
}

/**
 * The "board-move" action for a game: the offered move the click names (its pair, and its id where
 * the offer has one), else the game's refusal. Games never parse a click themselves.
 */
export function boardMoveAction<V, M>(
  rules: BoardMoveRules<V, M>,
): (input: ActionInput, update: TableUpdate<V, M>) => ActionResult {
  return (input, update) => {
    const click = boardClickOf(input);
    const hit = rules
      .offers(update, input.fields)
      .find((o) => o.from === click.from && o.to === click.to && (o.id === undefined || o.id === click.id));
    return hit ? succeed({ move: hit.move }) : rules.refusal(click, update, input);
  };
}
