/**
 * `npm run bench`: reading a move request from outside (the bounded JSON walk, then the wire schema
 * in src/table/parse-request.ts). Figures before and after valibot are in CHANGELOG.md.
 */
import { bench, describe } from "vitest";
import { readRequest } from "../src/table/bounds";
import { parseRequest } from "../src/table/parse-request";

const intent = {
  type: "intent",
  requestId: "r-1234",
  tableId: "table-42",
  version: 17,
  seat: "seat-2",
  move: { type: "move", from: "a3", to: "b4", die: 3 },
};
const create = {
  type: "create",
  requestId: "r-99",
  spec: {
    gameId: "sabacc-true",
    seats: [
      { kind: "person", userId: "u1", name: "Lando" },
      { kind: "bot", userId: null, name: "Bot", botLevel: "easy", stake: 100 },
    ],
    options: { rounds: 3 },
    turnClock: { turnSeconds: 60, botAfterSeconds: 0 },
  },
};
const malformed = { ...intent, version: -1 };

describe("reading a request", () => {
  bench("a move (intent), schema only", () => {
    if (!parseRequest(intent)) throw new Error("refused");
  });
  bench("a move (intent), bounds and schema", () => {
    if (!readRequest(intent).ok) throw new Error("refused");
  });
  bench("a table spec (create), bounds and schema", () => {
    if (!readRequest(create).ok) throw new Error("refused");
  });
  bench("a malformed move, refused", () => {
    if (parseRequest(malformed)) throw new Error("accepted");
  });
});
