/** Bots by game id and level; the first level listed is the default. */
import type { AnyBot, Bot } from "./core";
import { basicSuperSimplifiedBot } from "./sabacc/bots";
import { SUPER_SIMPLIFIED_ID } from "./sabacc/super-simplified";

function erase<V, M>(bot: Bot<V, M>): AnyBot {
  return bot as unknown as AnyBot;
}

export const bots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>> = {
  [SUPER_SIMPLIFIED_ID]: { basic: erase(basicSuperSimplifiedBot) },
};
