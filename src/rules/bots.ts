/** Bots by game id and level; the first level listed is the default. */
import type { AnyBot, Bot } from "./core";
import { basicSuperSimplifiedBot, randomBot, sharpSimplifiedBot, sharpTrueBot } from "./sabacc/bots";
import { SIMPLIFIED_ID } from "./sabacc/simplified";
import { SUPER_SIMPLIFIED_ID } from "./sabacc/super-simplified";
import { TRUE_ID } from "./sabacc/true-sabacc";
import { ulwanBotLevels } from "./ulwan/bots";

function erase<V, M>(bot: Bot<V, M>): AnyBot {
  return bot as unknown as AnyBot;
}

export const bots: Readonly<Record<string, Readonly<Record<string, AnyBot>>>> = {
  [SUPER_SIMPLIFIED_ID]: { basic: erase(basicSuperSimplifiedBot), random: erase(randomBot()) },
  [SIMPLIFIED_ID]: { sharp: erase(sharpSimplifiedBot), random: erase(randomBot()) },
  [TRUE_ID]: { sharp: erase(sharpTrueBot), random: erase(randomBot()) },
  ...Object.fromEntries(
    ["ulwan", "ulwan-finkel", "seven-ulwan"].map((id) => [
      id,
      Object.fromEntries(Object.entries(ulwanBotLevels).map(([k, b]) => [k, erase(b)])),
    ]),
  ),
};
