/**
 * A stand-in Foundry server for the insecure-origin browser test: serves dist/ (the built module)
 * and pages on http://cantina.test:<port>/ (Chromium maps cantina.test to 127.0.0.1, so the pages
 * are not a secure context), one connection per tab (a user may have several, as Foundry keeps a
 * socket per tab; a user is active while any of its tabs is connected), and relays what a Foundry
 * server relays:
 *  - socketlib messages (executeAsGM / executeAsUser / executeForUsers and their results), which
 *    Foundry sends to every client: every one is logged in `wire`; a call to a user reaches each
 *    of that user's tabs and the first result wins (socketlib resolves a request once);
 *  - the module's own socket event (`game.socket.emit("module.cantina-games", data, { recipients })`,
 *    Foundry's server `handleCustomSocket`, not public: see docs/foundry.md): to the recipients'
 *    tabs, or without recipients to every tab but the sender's, with the sender's user id;
 *  - `User#query` (`userQuery`): to the target user's tabs only, the first answer to the asking
 *    tab only (the client sends it to the "/query-result" path like a socketlib result);
 *  - world-setting writes (each stored setting a Setting document with an `_id`), their deletions
 *    (Setting#delete) and user-flag updates, sent to every connected page and logged;
 *  - world compendium packs (GMs create them and their documents): each pack's index sent with the
 *    world data and after each change to every page, a document only to the page that asks, logged;
 *  - chat messages created, logged.
 * The pages get their Foundry globals from `installFoundryHarness` (run in the page).
 */
import { readFileSync, existsSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

export interface WorldUser {
  id: string;
  name: string;
  role: number;
  flags: Record<string, Record<string, unknown>>;
}

export interface FoundryWorldServer {
  readonly port: number;
  /** Everything any client could read: socket messages and results, settings, flags, chat (`tab`: the writing tab). */
  readonly wire: { kind: string; body: unknown; tab?: string }[];
  readonly settings: Map<string, unknown>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
}

/** A world compendium pack as the server keeps it. */
interface WorldPack {
  readonly collection: string;
  ownership: Record<string, string>;
  readonly docs: Map<string, PackDoc>;
}

/** A JournalEntry of a pack, with its embedded pages (never in the pack's index). */
interface PackDoc {
  _id: string;
  name: string;
  flags: Record<string, unknown>;
  pages: { _id: string; name: string; flags: Record<string, unknown> }[];
}

/** `foundry.utils.mergeObject` of one flattened update path: `-=key` deletes that key. */
function applyPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let at = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof at[key] !== "object" || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (last.startsWith("-=")) delete at[last.slice(2)];
  else at[last] = value;
}

/** What a page asks of the packs (`from`: its user; `tab`: the asking tab). */
type PackRequest = { readonly from: string; readonly tab: string } & (
  | { action: "pack-create"; name: string; ownership?: Record<string, string> }
  | { action: "create"; collection: string; data: { name?: string; flags?: Record<string, unknown> }[] }
  | { action: "delete"; collection: string; ids: string[] }
  | { action: "get"; collection: string; id: string }
  | { action: "configure"; collection: string; ownership: Record<string, string> }
  | {
      action: "page-create";
      collection: string;
      parent: string;
      data: { name?: string; flags?: Record<string, unknown> }[];
    }
  | { action: "page-delete"; collection: string; parent: string; ids: string[] }
  | { action: "update"; collection: string; id: string; changes: Record<string, unknown> }
);

const MIME: Record<string, string> = {
  ".js": "text/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".hbs": "text/plain",
  ".svg": "image/svg+xml",
  ".html": "text/html",
};

export async function startFoundryWorld(dist: string, users: WorldUser[]): Promise<FoundryWorldServer> {
  const wire: { kind: string; body: unknown; tab?: string }[] = [];
  const settings = new Map<string, unknown>();
  /** Each stored world setting's Setting document id (Foundry's `_id`): made at its first write, gone with its deletion. */
  const settingIds = new Map<string, string>();
  let nextSettingId = 1;
  /** World compendium packs by collection (`world.<name>`): their metadata, ownership and documents. */
  const packs = new Map<string, WorldPack>();
  let nextEntryId = 1;
  /** Each connected tab's event stream, by tab id. */
  const streams = new Map<string, { user: string; res: ServerResponse }>();
  const pending = new Map<string, Pending>();
  let nextId = 1;

  const tabsOf = (user: string) => [...streams].filter(([, s]) => s.user === user).map(([tab]) => tab);
  const isActive = (user: string) => tabsOf(user).length > 0;
  const active = () => users.filter((u) => isActive(u.id));
  /** Foundry's activeGM: the active GM of the highest role, then the lowest id. */
  const activeGM = () =>
    active()
      .filter((u) => u.role >= 3)
      .sort((a, b) => b.role - a.role || (a.id < b.id ? -1 : 1))[0] ?? null;
  const sendTab = (tab: string, event: object) => streams.get(tab)?.res.write(`data: ${JSON.stringify(event)}\n\n`);
  /** To every tab of `user`. */
  const send = (user: string, event: object) => {
    for (const tab of tabsOf(user)) sendTab(tab, event);
  };
  const broadcast = (event: object) => {
    for (const tab of streams.keys()) sendTab(tab, event);
  };

  const body = (req: IncomingMessage): Promise<unknown> =>
    new Promise((resolve) => {
      let text = "";
      req.on("data", (c: Buffer) => (text += c.toString()));
      req.on("end", () => resolve(text ? (JSON.parse(text) as unknown) : null));
    });
  const json = (res: ServerResponse, value: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(value ?? null));
  };

  const packIndex = (pack: WorldPack) => ({
    collection: pack.collection,
    ownership: pack.ownership,
    index: [...pack.docs.values()].map(({ _id, name }) => ({ _id, name })),
  });
  /** A pack's change, as Foundry's server makes it: GMs only, logged, its result sent to every client. */
  const packRequest = (r: PackRequest): unknown => {
    const created: { _id: string }[] = [];
    if (!users.find((u) => u.id === r.from && u.role >= 3))
      return { error: "You do not have permission to modify this compendium pack" };
    if (r.action === "pack-create") {
      const collection = `world.${r.name}`;
      if (packs.has(collection)) return { error: `a pack ${collection} exists` };
      packs.set(collection, {
        collection,
        ownership: r.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
        docs: new Map(),
      });
    } else {
      const pack = packs.get(r.collection);
      if (!pack) return { error: `no pack ${r.collection}` };
      // A document comes whole, its pages with it.
      if (r.action === "get") return pack.docs.get(r.id) ?? null;
      if (r.action === "configure") pack.ownership = { ...r.ownership };
      if (r.action === "create")
        for (const d of r.data) {
          const _id = `Entry${String(nextEntryId++).padStart(11, "0")}`;
          pack.docs.set(_id, { _id, name: d.name ?? "", flags: d.flags ?? {}, pages: [] });
          created.push({ _id });
        }
      if (r.action === "delete") for (const id of r.ids) pack.docs.delete(id);
      if (r.action === "page-create" || r.action === "page-delete" || r.action === "update") {
        const doc = pack.docs.get(r.action === "update" ? r.id : r.parent);
        if (!doc) return { error: `no JournalEntry in ${r.collection}` };
        if (r.action === "page-create")
          for (const d of r.data) {
            const _id = `Page${String(nextEntryId++).padStart(12, "0")}`;
            doc.pages.push({ _id, name: d.name ?? "", flags: d.flags ?? {} });
            created.push({ _id });
          }
        if (r.action === "page-delete") doc.pages = doc.pages.filter((p) => !r.ids.includes(p._id));
        if (r.action === "update")
          for (const [path, value] of Object.entries(r.changes))
            applyPath(doc as unknown as Record<string, unknown>, path, value);
      }
    }
    wire.push({ kind: "pack", body: r, tab: r.tab });
    const pack = packs.get(r.action === "pack-create" ? `world.${r.name}` : r.collection)!;
    broadcast({ type: "pack", ...packIndex(pack) });
    return { ...packIndex(pack), created };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://cantina.test");
      const path = url.pathname;
      if (path === "/events") {
        const user = url.searchParams.get("user") ?? "";
        const tab = url.searchParams.get("tab") ?? user;
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.write(": connected\n\n");
        const first = !isActive(user);
        streams.set(tab, { user, res });
        if (first) broadcast({ type: "user-active", user, active: true });
        req.on("close", () => {
          if (streams.get(tab)?.res === res) streams.delete(tab);
          if (!isActive(user)) broadcast({ type: "user-active", user, active: false });
        });
        return;
      }
      if (path === "/favicon.ico") {
        res.writeHead(204);
        res.end();
        return;
      }
      if (path === "/state")
        return json(res, {
          users,
          settings: Object.fromEntries(settings),
          settingIds: Object.fromEntries(settingIds),
          // Each pack's index goes with the world data to every client; its documents only when asked.
          packs: [...packs.values()].map(packIndex),
          active: active().map((u) => u.id),
        });
      if (req.method === "POST" && path === "/setting") {
        const { key, value, from, tab } = (await body(req)) as {
          key: string;
          value: unknown;
          from: string;
          tab: string;
        };
        settings.set(key, value);
        const id = settingIds.get(key) ?? `Setting${String(nextSettingId++).padStart(9, "0")}`;
        settingIds.set(key, id);
        wire.push({ kind: "setting", body: { key, value, from }, tab });
        broadcast({ type: "setting", key, value, id });
        return json(res, { id });
      }
      if (req.method === "POST" && path === "/pack") {
        const reply = packRequest((await body(req)) as PackRequest);
        return json(res, reply);
      }
      // Setting#delete: the document gone from the world, its deletion sent to every client.
      if (req.method === "POST" && path === "/setting-delete") {
        const { key, from, tab } = (await body(req)) as { key: string; from: string; tab: string };
        if (!settingIds.has(key)) return json(res, { error: `Setting "${key}" does not exist` });
        settings.delete(key);
        settingIds.delete(key);
        wire.push({ kind: "setting", body: { key, value: null, from, deleted: true }, tab });
        broadcast({ type: "setting-delete", key });
        return json(res, true);
      }
      if (req.method === "POST" && path === "/flag") {
        const { user, scope, key, value } = (await body(req)) as {
          user: string;
          scope: string;
          key: string;
          value: unknown;
        };
        const u = users.find((x) => x.id === user);
        if (u) u.flags[scope] = { ...(u.flags[scope] ?? {}), [key]: value };
        wire.push({ kind: "flag", body: { user, scope, key, value } });
        broadcast({ type: "flag", user, scope, key, value });
        return json(res, true);
      }
      if (req.method === "POST" && path === "/chat") {
        const { data, tab } = (await body(req)) as { data: unknown; tab: string };
        wire.push({ kind: "chat", body: data, tab });
        broadcast({ type: "chat", data });
        return json(res, true);
      }
      if (req.method === "POST" && path === "/raw") {
        const { from, tab, data, recipients } = (await body(req)) as {
          from: string;
          tab: string;
          data: unknown;
          recipients?: string[];
        };
        wire.push({ kind: "raw", body: { data, recipients }, tab });
        for (const [t, s] of streams)
          if (t !== tab && (!recipients || recipients.includes(s.user))) sendTab(t, { type: "raw", from, data });
        return json(res, true);
      }
      if (req.method === "POST" && path === "/socket") {
        // { from, to: user id | "GM" | user ids[], handler, args, wantsReply }
        const msg = (await body(req)) as {
          from: string;
          tab: string;
          to: string | string[];
          handler: string;
          args: unknown[];
        };
        wire.push({ kind: "socket", body: msg });
        const targets = Array.isArray(msg.to) ? msg.to : [msg.to === "GM" ? (activeGM()?.id ?? "") : msg.to];
        if (!Array.isArray(msg.to)) {
          const target = targets[0] ?? "";
          if (!isActive(target)) return json(res, { error: msg.to === "GM" ? "no-gm" : "invalid-user" });
          const id = String(nextId++);
          json(res, { id });
          // The result goes back on the caller's event stream, after whatever the server sent it
          // before (settings, flags): one ordered channel, as Foundry's websocket is.
          const result = await new Promise<unknown>((resolve) => {
            pending.set(id, { resolve });
            send(target, { type: "socket", id, from: msg.from, handler: msg.handler, args: msg.args });
          });
          wire.push({ kind: "socket-result", body: result });
          sendTab(msg.tab, { type: "socket-result", id, result });
          return;
        }
        for (const t of targets)
          send(t, { type: "socket", id: null, from: msg.from, handler: msg.handler, args: msg.args });
        return json(res, { result: null });
      }
      if (req.method === "POST" && path === "/query") {
        // User#query (docs/foundry.md, "Requests and replies to their recipient only"): to the
        // target's tabs only, the first answer to the asking tab only; the timeout kept here.
        const msg = (await body(req)) as {
          from: string;
          tab: string;
          to: string;
          name: string;
          data: unknown;
          timeout?: number;
        };
        wire.push({ kind: "query", body: { from: msg.from, to: msg.to, name: msg.name, data: msg.data } });
        const id = String(nextId++);
        json(res, { id });
        const result = await new Promise<unknown>((resolve) => {
          pending.set(id, { resolve });
          if (msg.timeout !== undefined)
            setTimeout(() => {
              pending.get(id)?.resolve({ status: "rejected", reason: "timed out" });
              pending.delete(id);
            }, msg.timeout);
          send(msg.to, { type: "query", id, from: msg.from, name: msg.name, data: msg.data, timeout: msg.timeout });
        });
        wire.push({ kind: "query-result", body: result });
        sendTab(msg.tab, { type: "query-result", id, result });
        return;
      }
      if (req.method === "POST" && path === "/socket-result") {
        const { id, result } = (await body(req)) as { id: string; result: unknown };
        // The first tab's result wins; later ones find nothing pending.
        pending.get(id)?.resolve(result);
        pending.delete(id);
        return json(res, true);
      }
      if (path === "/" || path === "/game") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(
          `<!doctype html><html><head><meta charset="utf-8"><title>Foundry stand-in</title></head><body>` +
            `<script type="module">await import("/modules/cantina-games/scripts/cantina-games.js"); await window.__foundryBoot();</script>` +
            `</body></html>`,
        );
        return;
      }
      const prefix = "/modules/cantina-games/";
      if (path.startsWith(prefix)) {
        const file = normalize(join(dist, path.slice(prefix.length)));
        if (file.startsWith(dist) && existsSync(file)) {
          res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" });
          res.end(readFileSync(file));
          return;
        }
      }
      res.writeHead(404);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    wire,
    settings,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of streams.values()) s.res.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
