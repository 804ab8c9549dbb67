// @vitest-environment happy-dom
/**
 * Foundry chat by table: each message the host posts names its table (text and flag), a private
 * roll says "Private" in words, and the GM's filter above the chat log shows one table's messages.
 */
import { describe, expect, it } from "vitest";
import { chatMessageData, planChat } from "../../src/foundry/chat";
import { ChatTableFilter, filterRule, tableOfFlags } from "../../src/foundry/chat-filter";

const record = {
  id: "t7",
  gameId: "sabacc-super-simplified",
  seats: [
    { seat: "seat-1", name: "Greedo", kind: "person" as const, userId: "u1", account: "u1" },
    { seat: "seat-2", name: "Bossk", kind: "person" as const, userId: "u2", account: "u2" },
  ],
};
const ctx = {
  hostUser: "gm",
  gmIds: ["gm"],
  format: (key: string, params: Readonly<Record<string, string | number>>) => `${key} ${JSON.stringify(params)}`,
  localize: (key: string) => (key === "CANTINA.Games.sabacc-super-simplified" ? "Super Simplified" : key),
};
const roll = (audience?: string[]) => [
  {
    version: 2,
    seat: "seat-1",
    move: null,
    dice: [40],
    events: [
      {
        kind: "roll" as const,
        seat: "seat-1",
        purpose: "CANTINA.Sabacc.Roll.Order",
        notation: "1d100",
        dice: [40],
        total: 40,
        ...(audience ? { audience } : {}),
      },
    ],
  },
];

describe("Foundry chat names its table", () => {
  it("a public roll's text and flag name the table: the game and its players", async () => {
    const [plan] = planChat(record, roll(), ctx);
    expect(plan!.table).toEqual({ id: "t7", label: "Super Simplified · Greedo, Bossk" });
    expect(plan!.flavor).toContain("Super Simplified · Greedo, Bossk");
    const post = await chatMessageData(plan!, null);
    expect(tableOfFlags(post!.data.flags)).toEqual({ id: "t7", label: "Super Simplified · Greedo, Bossk" });
  });

  it("a private roll is labelled Private in words; everyone else's notice names the table too", () => {
    const plans = planChat(record, roll(["seat-1"]), ctx);
    expect(plans[0]!.privateLabel).toBe("CANTINA.Chat.Private");
    expect(plans[1]!.table?.id).toBe("t7");
    expect(plans[1]!.whisper).toBeNull();
  });

  it("the GM's filter lists the tables seen in chat and hides the other tables' messages", () => {
    const filter = new ChatTableFilter(document);
    const sidebar = document.createElement("section");
    // v13's chat tab: the log part's scrolling list, then the input part.
    sidebar.innerHTML = '<div class="chat-scroll"><ol class="chat-log plain"></ol></div><div class="chat-form"></div>';
    document.body.append(sidebar);
    filter.install(sidebar, "Show", "All tables");
    const line = document.createElement("li");
    filter.mark({ "cantina-games": { table: { id: "t7", label: "Super Simplified · Greedo, Bossk" } } }, line);
    expect(line.dataset.cantinaTable).toBe("t7");
    const select = sidebar.querySelector<HTMLSelectElement>("[data-cantina-chat-filter]")!;
    // Above the scrolling list, not inside it (it is laid out right-to-left and scrolls), styled by the module's sheet.
    const wrap = select.closest("label")!;
    expect(wrap.closest(".chat-scroll")).toBeNull();
    expect(wrap.nextElementSibling?.classList.contains("chat-scroll")).toBe(true);
    expect(wrap.classList.contains("cantina-games")).toBe(true);
    expect([...select.options].map((o) => o.textContent)).toEqual(["All tables", "Super Simplified · Greedo, Bossk"]);
    select.value = "t7";
    select.dispatchEvent(new Event("change"));
    expect(document.getElementById("cantina-chat-filter-style")?.textContent).toBe(filterRule("t7"));
    expect(filterRule("t7")).toBe(
      '.chat-log .chat-message:not([data-cantina-table="t7"]) { display: none !important; }',
    );
    filter.select("");
    expect(document.getElementById("cantina-chat-filter-style")?.textContent).toBe("");
    // A message of no table (or another module's) leaves the element alone.
    const other = document.createElement("li");
    filter.mark({ core: {} }, other);
    expect(other.dataset.cantinaTable).toBeUndefined();
  });
});
