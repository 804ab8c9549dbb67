/**
 * A stand-in of Roll20's Mod sandbox, as unkind as the real one, typed by the adapter's copy of
 * Roll20's published declarations (src/roll20/sandbox.ts, after Roll20/roll20-api-scripts
 * `.types/index.d.ts`). What it models, and how:
 * - scripts run in ONE shared global scope (a `vm` context), in order, as Roll20 concatenates a
 *   game's scripts; another script can sit beside ours;
 * - `on` (ready, chat:message, change:graphic), `sendChat`, `createObj`/`getObj`/`findObjs`,
 *   `playerIsGM`, `Campaign`, `randomInteger`, `log`, `setTimeout`/`clearTimeout` on a fake clock;
 * - `state` is kept only as JSON: `restart()` loses memory and timers, gives the scripts
 *   `JSON.parse(JSON.stringify(state))` and fires `ready` again (Roll20 restarts a sandbox at will);
 * - chat text a player types reaches `chat:message` HTML-escaped, as Roll20 delivers it; `!` text
 *   is type "api"; the caller is `playerid`, whatever the text says;
 * - chat and whispers: see "Chat delivery and whispers" below (asynchronous, by name, the script's own
 *   messages coming back to it);
 * - `change:graphic` says nothing of who moved the token; a GM may drag any token ("Who may drag");
 * - `getObj` answers `null` for an id it does not hold (`.types/index.d.ts`: "null if no object");
 * - a restart may lose what was not yet saved ("Restarts": `crash()`);
 * - the watchdog (Roll20 stops a script that holds the sandbox too long without returning control):
 *   each turn the sandbox gives the scripts (an event handler, a timer, a `sendChat` callback) is timed
 *   until the promise work it started has run out (`stretches`, `longestStretchMs`; its processor
 *   time too, `cpuStretches`, which a loaded machine's waits do not inflate); the stand-in
 *   only measures, the soak suite asserts it against the 250 ms limit (wall time on a shared machine);
 *   `performance.now` is real time (Node's, which runs Roll20's sandbox), while `Date` is the fake clock;
 * - `globalconfig` (Roll20's one-click options) is a global only when set, fresh at each start;
 * - `sendChat` with a callback (Roll20's dice engine, `.types/index.d.ts` sendChat/RollData): nothing
 *   is posted; later (asynchronously, never before `sendChat` returns) the callback gets one message
 *   whose `[[…]]` inline rolls (`NdS`, `NdS>T`, `NdS±K`) are rolled, each die in
 *   `inlinerolls[i].results.rolls[0].results[j].v`, the text holding `$[[i]]`; a roll it cannot read
 *   gets no callback at all (logged); a restart before it comes drops it (`rolled` keeps each roll).
 * - a posted message with inline rolls (Roll20's Mod:Chat: inline rolls in any message are rolled;
 *   `sendChat(…, null, { use3d: true })` shows them as 3D dice): rolled when posted, posted for all
 *   (`options` kept on the delivered message), and handed back to every script's `chat:message`
 *   from the API with `inlinerolls` and, for `&{template:NAME}`, `rolltemplate` NAME and the template
 *   text as its content; `answerRolls = false` holds such posts until `releaseRolls()` (a late roll),
 *   and a restart before one is posted drops it.
 * - `createObj` (Roll20's `createObj`): the page is given as `pageid` and read back only as
 *   `_pageid`; a `graphic` takes only an image from a user's library (`imgsrc` on
 *   s3.amazonaws.com/files.d20.io, `thumb` size), else nothing is created and Roll20's error is
 *   thrown at the script; a `path` needs its `_path` at creation (read-only after);
 * - `set` (Roll20's `Roll20Object.set`) fires no change event: only a person's moves do (`drag`,
 *   as Roll20 fires `change:graphic`/`change:path`/`change:text` for a moved token, path or text);
 * - `remove` (Roll20's `Roll20Object.remove`): the object is gone for `getObj`/`findObjs`;
 * - pages are the GM's (`addPage`: a script's `createObj` makes only graphics, texts, paths, handouts
 *   and a few other types Roll20 lists, never a page); a script finds them with `findObjs({_type: "page", name})`;
 *   `Campaign().get/set("playerspecificpages")` holds the players sent to pages of their own (read
 *   as a copy; a new map is taken only over `false`: FakeCampaign);
 * - a path's `rotation` (degrees clockwise about its centre) is turned by a person like a move
 *   (`drag` with `rotation`), firing `change:path` with no mover.
 * - attributes (issue 37; `.types/index.d.ts` AttributeProperties, createObj, FindObjsOptions): created
 *   with `characterid` (read back only as `_characterid`; a character that does not exist: Roll20's
 *   error is thrown), values as text, `setWithWorker` beside `set`; `findObjs(…, { caseInsensitive })`
 *   compares text properties ignoring case;
 * - Roll20's objects are kept at once (the real-time sync server), while `state` is kept only when
 *   saved: after a `crash()` the sheets can be ahead of the books. `onWrite` lets a test make one write
 *   throw at the script (Roll20 refusing it) or make the sandbox die right there (`"die"`: that write
 *   and everything the old run does after it are lost; `crash()` then starts again from the last save).
 */
import { readFileSync } from "node:fs";
import vm from "node:vm";
import type { ChatMessage, ObjectType, ObjectTypes } from "../../src/roll20/sandbox";

type Props = Record<string, unknown>;

/** A Roll20 object: properties read with get, written with set (read-only "_" ones refused by Roll20; ignored here). */
export class FakeObject {
  constructor(
    readonly id: string,
    readonly props: Props,
    private readonly onSet: (o: FakeObject, previous: Props) => void,
    /** Consulted before a script's set: false drops the set (the sandbox died), a throw refuses it. */
    private readonly mayWrite: (o: FakeObject, changes: Props) => boolean = () => true,
  ) {}
  get(key: string): unknown {
    return key === "id" ? this.id : this.props[key];
  }
  /** An attribute's set that also runs the sheet's workers (Roll20's `setWithWorker`). */
  setWithWorker(changes: Props): this {
    if (this.props._type !== "attribute") throw new Error("Roll20: setWithWorker is an attribute's");
    return this.set(changes);
  }
  set(changes: Props): this {
    if (!this.mayWrite(this, changes)) return this;
    const previous = { ...this.props };
    for (const [k, v] of Object.entries(changes)) if (!k.startsWith("_")) this.props[k] = v;
    this.onSet(this, previous);
    return this;
  }
  removed = false;
  remove(): void {
    this.removed = true;
  }
}

/**
 * The campaign object (Roll20's `Campaign()`). `playerspecificpages` is read as a copy, and a new
 * map set over an existing one is not taken: Roll20 sees a change of it only from `false` (so its
 * own page scripts set `false` first); we keep the old map, as a player would stay where they were.
 */
export class FakeCampaign extends FakeObject {
  override get(key: string): unknown {
    const value = super.get(key);
    return key === "playerspecificpages" && value ? (JSON.parse(JSON.stringify(value)) as unknown) : value;
  }
  override set(changes: Props): this {
    const { playerspecificpages, ...rest } = changes;
    const current = this.props.playerspecificpages;
    const taken =
      playerspecificpages === undefined || (current && playerspecificpages)
        ? {}
        : { playerspecificpages: playerspecificpages ? JSON.parse(JSON.stringify(playerspecificpages)) : false };
    return super.set({ ...rest, ...taken });
  }
}

export interface Delivered {
  /** Player ids who see it; "all" for a public message. */
  readonly to: readonly string[] | "all";
  readonly speaker: string;
  /** The markup as sent (after the /w prefix). */
  readonly content: string;
  readonly whisper: boolean;
  /** The name a `/w "name"` was sent to, as the script wrote it. */
  readonly target?: string;
  /** `sendChat`'s options as the script passed them (`use3d`: Roll20 shows the inline rolls as 3D dice). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The inline rolls Roll20 rolled in the posted message. */
  readonly inlinerolls?: readonly unknown[];
}

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly run: () => void;
}

/** What Roll20 does to typed chat text before a script sees it. */
export function roll20Escape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export class FakeRoll20 {
  /** Roll20's campaign objects: they outlive a sandbox restart. */
  readonly objects = new Map<string, { type: ObjectType; object: FakeObject }>();
  readonly chat: Delivered[] = [];
  readonly logs: unknown[] = [];
  readonly gms = new Set<string>();
  /** Every object written (created or set), in order, with the properties as written. */
  readonly writes: { type: ObjectType; id: string; props: Props }[] = [];
  private handlers: { event: string; run: (...args: unknown[]) => void }[] = [];
  private timers: Timer[] = [];
  private seq = 0;
  private idSeq = 0;
  clock = 1_700_000_000_000;
  private stateJson = "{}";
  private liveState: Record<string, unknown> = {};
  private context: vm.Context | null = null;
  /** Every roll Roll20's dice engine made for a script's `sendChat` callback: the expression and its dice. */
  readonly rolled: { readonly expression: string; readonly dice: readonly number[] }[] = [];
  /**
   * Roll20's `globalconfig` (the one-click install's options per script, keyed by the script's name in
   * lower case without spaces, with `lastsaved`); undefined: the script was pasted. Read at each start.
   */
  globalconfig: Record<string, unknown> | undefined = undefined;
  /** Whether Roll20's dice engine answers a script's `sendChat` callback at all (false: a lost answer). */
  answerRolls = true;
  /** How long each turn given to the scripts held the sandbox, in ms (the watchdog's measure). */
  readonly stretches: number[] = [];
  /** The processor time of the same turns (ms, this process's, as `process.cpuUsage` counts it). */
  readonly cpuStretches: number[] = [];
  /** The sandbox's `performance.now` (real time); a test may make it jump, as a slow machine's would. */
  monotonicNow: () => number = () => performance.now();
  /** Sandbox runs so far: a callback of an earlier run is dropped (its scope is gone). */
  private generation = 0;
  /**
   * Told of each write a script makes (an object's create or set, a `state` key assigned) before it
   * applies: "throw" refuses it at the script, "die" stops the sandbox there (see the header).
   */
  onWrite:
    | ((write: {
        readonly type: ObjectType | "state";
        readonly props: Props;
        /** The object written, as it was (absent: a creation or `state`). */
        readonly target?: Props;
      }) => "throw" | "die" | void)
    | null = null;
  /** The sandbox died (`onWrite` said so): nothing the old run does is kept until the next start. */
  private dead = false;

  /** Whether a script's write applies now (throws when a test refuses it). */
  private mayWrite(type: ObjectType | "state", props: Props, target?: Props): boolean {
    if (this.dead) return false;
    const verdict = this.onWrite?.({ type, props, ...(target ? { target: { ...target } } : {}) });
    if (verdict === "throw") throw new Error(`Roll20: the ${type} could not be written`);
    if (verdict === "die") this.dead = true;
    return !this.dead;
  }
  /** Dice the sandbox rolls next (then Math.random-free: a seeded walk). */
  private diceSeed = 12345;

  constructor(private readonly scripts: readonly string[]) {
    const campaign = new FakeCampaign(
      "root",
      { _id: "root", _type: "campaign", playerpageid: false, playerspecificpages: false },
      (o) => this.writes.push({ type: "campaign", id: o.id, props: { ...o.props } }),
    );
    this.objects.set("root", { type: "campaign", object: campaign });
  }

  addPlayer(id: string, name: string, gm = false): void {
    this.create("player", { _type: "player", _displayname: name, _online: true, _lastpage: "" } as Props, id);
    if (gm) this.gms.add(id);
  }

  rename(id: string, name: string): void {
    const p = this.objects.get(id);
    if (p) p.object.props._displayname = name;
  }

  /** Starts the sandbox: a fresh global scope, the scripts loaded in order, `ready` fired. */
  start(): void {
    this.generation++;
    this.dead = false;
    this.handlers = [];
    this.timers = [];
    const kept = JSON.parse(this.stateJson) as Record<string, unknown>;
    // The scripts' `state`: each key they assign is a write (`onWrite`); a dead sandbox's are dropped.
    this.liveState = new Proxy(kept, {
      set: (target, key, value: unknown) => {
        if (typeof key === "string" && !this.mayWrite("state", { [key]: value })) return true;
        return Reflect.set(target, key, value);
      },
    });
    const clock = (): number => this.clock;
    class SandboxDate extends Date {
      static override now(): number {
        return clock();
      }
    }
    const globals: Record<string, unknown> = {
      on: (event: string, run: (...args: unknown[]) => void) => this.handlers.push({ event, run }),
      sendChat: (speaker: string, input: string, callback?: unknown, options?: Record<string, unknown>) =>
        typeof callback === "function"
          ? this.rollForScript(speaker, input, callback as (ops: unknown[]) => void)
          : this.sendLater(speaker, input, options),
      createObj: (type: ObjectType, props: Props) => this.createByScript(type, props),
      getObj: (type: ObjectType, id: string) => {
        const o = this.objects.get(id);
        return o && o.type === type && !o.object.removed ? o.object : null;
      },
      findObjs: (attrs: Props, options?: { caseInsensitive?: boolean }) => {
        const same = (a: unknown, b: unknown): boolean =>
          options?.caseInsensitive && typeof a === "string" && typeof b === "string"
            ? a.toLowerCase() === b.toLowerCase()
            : a === b;
        return [...this.objects.values()]
          .filter(({ object }) => !object.removed && Object.entries(attrs).every(([k, v]) => same(object.props[k], v)))
          .map(({ object }) => object);
      },
      playerIsGM: (id: string) => this.gms.has(id),
      Campaign: () => this.objects.get("root")?.object,
      randomInteger: (max: number) => this.randomInteger(max),
      log: (m: unknown) => this.logs.push(m),
      setTimeout: (run: () => void, ms: number) => {
        const timer = { at: this.clock + Math.max(0, ms), seq: ++this.seq, run };
        this.timers.push(timer);
        return timer;
      },
      clearTimeout: (t: unknown) => {
        this.timers = this.timers.filter((x) => x !== t);
      },
      state: this.liveState,
      ...(this.globalconfig ? { globalconfig: JSON.parse(JSON.stringify(this.globalconfig)) as unknown } : {}),
      Date: SandboxDate,
      // Node's monotonic clock, which moves with real time (the fake `Date` moves only with `advance`):
      // the clock the script's bots budget their search on (src/roll20/sandbox.ts sandboxClock).
      performance: { now: () => this.monotonicNow() },
    };
    this.context = vm.createContext(globals);
    for (const script of this.scripts) vm.runInContext(script, this.context);
    this.fire("ready");
  }

  /** Roll20 restarts the sandbox: memory and timers gone, `state` as last saved (JSON), `ready` again. */
  restart(): void {
    this.save();
    this.start();
  }

  /** Roll20 saves `state` (as JSON; what JSON cannot hold is lost). */
  save(): void {
    if (this.dead) return;
    this.stateJson = JSON.stringify(this.liveState);
  }

  // ---- Restarts that lose what was not saved (issue 35) ----
  // Roll20 saves `state` on its own schedule; a sandbox that stops in between (an error, a script
  // saved, the game woken) comes back with `state` as last saved: the newest changes are gone.

  /** The sandbox restarts before `state` was saved: memory, timers and every change since `save()` lost. */
  crash(): void {
    this.start();
  }

  // ---- Who may drag, and where people are (issue 35) ----
  // Roll20 lets a GM drag any token and a player only the ones they control, on the page they are
  // on; `change:*` names neither. A player's page is `playerspecificpages[id]` or the players' page;
  // a GM's is their `_lastpage` (the page they last opened as GM), "" until they open one.

  /** A person drags: a GM any object, a player only one they control; the script is not told who. */
  dragBy(person: string, id: string, changes: Props): void {
    const o = this.objects.get(id);
    const controllers = String(o?.object.props.controlledby ?? "").split(",");
    if (!this.gms.has(person) && !controllers.includes(person) && !controllers.includes("all"))
      throw new Error(`Roll20: ${person} cannot move ${id}`);
    this.drag(id, changes);
  }

  /** The GM moves the players' ribbon: every player without a page of their own is on this one. */
  moveRibbon(pageId: string): void {
    const campaign = this.objects.get("root")?.object;
    if (campaign) campaign.props.playerpageid = pageId;
  }

  /** A GM opens a page. */
  viewPage(gm: string, pageId: string): void {
    const p = this.objects.get(gm);
    if (p) p.object.props._lastpage = pageId;
  }

  /** A player joins or leaves the game. */
  setOnline(id: string, online: boolean): void {
    const p = this.objects.get(id);
    if (p) p.object.props._online = online;
  }

  get state(): Record<string, unknown> {
    return this.liveState;
  }

  /** The global scope the scripts share. */
  global(name: string): unknown {
    return this.context
      ? (vm.runInContext(`typeof ${name} === "undefined" ? undefined : ${name}`, this.context) as unknown)
      : undefined;
  }

  /** A player types into chat: escaped as Roll20 does, "api" when it starts with "!". */
  type(playerId: string, text: string): void {
    const message: ChatMessage = {
      who: String(this.objects.get(playerId)?.object.props._displayname ?? playerId),
      playerid: playerId,
      type: text.startsWith("!") ? "api" : "general",
      content: roll20Escape(text),
    };
    this.fire("chat:message", message);
  }

  /** The GM adds a page (scripts find it by name). */
  addPage(name: string, width = 25, height = 25): string {
    return this.create("page", { _type: "page", name, width, height } as Props).id;
  }

  /** Objects of one type on one page, not removed. */
  onPage(type: ObjectType, pageId: string): FakeObject[] {
    return [...this.objects.values()]
      .filter((o) => o.type === type && !o.object.removed && o.object.props._pageid === pageId)
      .map((o) => o.object);
  }

  /**
   * A person drags a token, path or text on the tabletop: Roll20 fires `change:<type>` with the
   * object and its previous properties, and does not say who dragged it.
   */
  drag(id: string, changes: Props): void {
    const o = this.objects.get(id);
    if (!o || o.object.removed) throw new Error(`no object ${id}`);
    const previous = { ...o.object.props };
    Object.assign(o.object.props, changes);
    this.fire(`change:${o.type}`, o.object, previous);
  }

  /** A token moved on the tabletop; Roll20 does not say by whom. */
  moveGraphic(id: string, changes: Props): void {
    const o = this.objects.get(id);
    if (!o) throw new Error(`no graphic ${id}`);
    const previous = { ...o.object.props };
    Object.assign(o.object.props, changes);
    this.fire("change:graphic", o.object, previous);
  }

  /** Lets every promise the scripts started run to its end (no real I/O happens in the sandbox). */
  async settle(): Promise<void> {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  }

  /** Moves the fake clock on, running the timers that fall due, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.clock + ms;
    for (;;) {
      await this.settle();
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.clock = Math.max(this.clock, due.at);
      this.turn(due.run);
    }
    this.clock = end;
    await this.settle();
  }

  pendingTimers(): number {
    return this.timers.length;
  }

  /** Messages one player saw (public ones and whispers to them). */
  seenBy(playerId: string): Delivered[] {
    return this.chat.filter((m) => m.to === "all" || m.to.includes(playerId));
  }

  handouts(): FakeObject[] {
    return [...this.objects.values()].filter((o) => o.type === "handout" && !o.object.removed).map((o) => o.object);
  }

  players(): FakeObject[] {
    return [...this.objects.values()].filter((o) => o.type === "player").map((o) => o.object);
  }

  private randomInteger(max: number): number {
    // xorshift: reproducible dice for the tests, uniform enough; Roll20's own are truly random.
    let x = this.diceSeed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.diceSeed = x >>> 0;
    return (this.diceSeed % max) + 1;
  }

  /** Roll20's `createObj` as a script calls it: `pageid` in, `_pageid` back; library images only; a path needs `_path`. */
  private createByScript(type: ObjectType, props: Props): FakeObject {
    // `.types/index.d.ts`, createObj: only these types may be created (no page, player or campaign).
    if (!["graphic", "text", "path", "handout", "character", "attribute"].includes(type))
      throw new Error(`Roll20: cannot create a ${type}`);
    if (this.dead) return new FakeObject("-dead", { ...props }, () => undefined);
    if (type === "attribute") {
      // Given as `characterid`, read back only as `_characterid`, as `pageid` is for a graphic.
      const { characterid, _characterid: _ignored, ...attribute } = props;
      if (this.objects.get(String(characterid))?.type !== "character")
        throw new Error(`Roll20: no character ${String(characterid)} for the attribute`);
      if (!this.mayWrite(type, attribute)) return new FakeObject("-dead", { ...attribute }, () => undefined);
      return this.create(type, { ...attribute, _characterid: characterid, _type: type });
    }
    const { pageid, ...rest } = props;
    if (
      type === "graphic" &&
      !/^https:\/\/s3\.amazonaws\.com\/files\.d20\.io\/images\/.*\/thumb\.(png|jpg|jpeg|gif|webp)$/.test(
        String(rest.imgsrc),
      )
    )
      throw new Error("Roll20: a graphic's imgsrc must be a thumb image from a user's library");
    if (type === "path" && typeof rest._path !== "string") throw new Error("Roll20: a path needs _path");
    if ((type === "graphic" || type === "path" || type === "text") && !this.objects.has(String(pageid)))
      throw new Error(`Roll20: no page ${String(pageid)}`);
    return this.create(type, { ...rest, ...(pageid !== undefined ? { _pageid: pageid } : {}), _type: type });
  }

  private create(type: ObjectType, props: Props, id?: string): FakeObject {
    const objectId = id ?? `-Fake${(++this.idSeq).toString().padStart(6, "0")}`;
    const object = new FakeObject(
      objectId,
      { ...props, _id: objectId },
      (o) => this.writes.push({ type, id: o.id, props: { ...o.props } }),
      (o, changes) => this.mayWrite(type, changes, o.props),
    );
    this.objects.set(objectId, { type, object });
    this.writes.push({ type, id: objectId, props: { ...object.props } });
    return object;
  }

  private fire(event: string, ...args: unknown[]): void {
    this.turn(() => {
      for (const h of this.handlers) if (h.event === event) h.run(...args);
    });
  }

  /**
   * One turn of the sandbox's event loop given to the scripts: timed from its start until the promise
   * work it started has drained (a `setImmediate` runs only then), as the watchdog sees it.
   */
  private turn(run: () => void): void {
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      run();
    } finally {
      setImmediate(() => {
        this.stretches.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        this.cpuStretches.push((used.user + used.system) / 1000);
      });
    }
  }

  /** The longest turn so far (ms). */
  longestStretchMs(): number {
    return this.stretches.reduce((a, b) => Math.max(a, b), 0);
  }

  /** The most processor time a turn took so far (ms): its wall time less the waits of a busy machine. */
  longestCpuMs(): number {
    return this.cpuStretches.reduce((a, b) => Math.max(a, b), 0);
  }

  /** Roll20's dice engine on a message's `[[…]]` inline rolls: the text with `$[[i]]`, the rolls; null: one it cannot read. */
  private rollInline(input: string): { content: string; inlinerolls: unknown[] } | null {
    const inlinerolls: unknown[] = [];
    let unreadable = false;
    const content = input.replace(/\[\[([^\]]*)\]\]/g, (_m, expression: string) => {
      const roll = /^(\d+)d(\d+)(?:>(\d+)|([+-]\d+))?$/.exec(expression.trim());
      if (!roll) {
        unreadable = true;
        return "";
      }
      const [count, sides] = [Number(roll[1]), Number(roll[2])];
      const dice = Array.from({ length: count }, () => this.randomInteger(sides));
      const total =
        roll[3] !== undefined
          ? dice.filter((d) => d >= Number(roll[3])).length
          : dice.reduce((a, b) => a + b, 0) + Number(roll[4] ?? 0);
      this.rolled.push({ expression: expression.trim(), dice });
      const rolls = [
        { type: "R", dice: count, sides, results: dice.map((v) => ({ v })) },
        ...(roll[4] !== undefined ? [{ type: "M", expr: roll[4] }] : []),
      ];
      inlinerolls.push({ expression: expression.trim(), results: { type: "V", resultType: "sum", total, rolls } });
      return `$[[${inlinerolls.length - 1}]]`;
    });
    if (unreadable) {
      this.logs.push(`Roll20: could not roll "${input}"`);
      return null;
    }
    return { content, inlinerolls };
  }

  /** `sendChat` with a callback: the inline rolls rolled by the dice engine, handed back later, nothing posted. */
  private rollForScript(speaker: string, input: string, callback: (ops: unknown[]) => void): void {
    const rolled = this.rollInline(input);
    if (!rolled) return;
    const generation = this.generation;
    const message = { who: speaker, playerid: "API", type: "general", ...rolled };
    setImmediate(() => {
      if (generation === this.generation && this.answerRolls) this.turn(() => callback([message]));
    });
  }

  /** Posted rolls held back while `answerRolls` is false (delivered by `releaseRolls`). */
  private heldRolls: { speaker: string; input: string; options?: Record<string, unknown> }[] = [];

  /** The texts of the rolls held back, as the script sent them. */
  heldRollTexts(): string[] {
    return this.heldRolls.map((m) => m.input);
  }

  /**
   * A player types a roll template with inline rolls: Roll20 rolls them and every script sees the
   * message with the player's own `playerid` (a player cannot post as the API).
   */
  typeRoll(playerId: string, text: string): void {
    const rolled = this.rollInline(text);
    if (!rolled) return;
    const template = /^&\{template:([^}]*)\}\s*(.*)$/s.exec(rolled.content);
    this.fire("chat:message", {
      who: String(this.objects.get(playerId)?.object.props._displayname ?? playerId),
      playerid: playerId,
      type: "general",
      content: template ? (template[2] ?? "") : rolled.content,
      inlinerolls: rolled.inlinerolls as ChatMessage["inlinerolls"],
      ...(template ? { rolltemplate: template[1] ?? "" } : {}),
    } satisfies ChatMessage);
  }

  /** Roll20 posts the held rolls now (after the script's wait: a late roll). */
  releaseRolls(): void {
    const held = this.heldRolls;
    this.heldRolls = [];
    for (const m of held) this.deliver(m.speaker, m.input, m.options);
  }

  // ---- Chat delivery and whispers (issue 35) ----
  // Roll20's `sendChat` returns at once and the message arrives later (`.types/index.d.ts`: "the
  // callback … when the chat message is delivered"); every script's `chat:message` then sees it too,
  // the script's own included, with `playerid` "API". A whisper's target is matched by name, ignoring
  // case (Roll20's Text Chat help: `/w` takes a player's or a character's name): `gm` means the GMs
  // (so a player named "GM" is never reached by `/w "GM"`), a player's display name reaches that
  // player, a character's name reaches everyone who controls it ("all": every player; nobody: the GMs).

  private outbox: { speaker: string; input: string; options?: Record<string, unknown>; generation: number }[] = [];
  private flushing = false;

  private sendLater(speaker: string, input: string, options?: Record<string, unknown>): void {
    if (this.dead) return;
    this.outbox.push({ speaker, input, ...(options ? { options } : {}), generation: this.generation });
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      const sent = this.outbox;
      this.outbox = [];
      for (const m of sent) {
        const rolls = m.input.includes("[[");
        // A roll the sandbox had not yet posted when it restarted is lost with it.
        if (rolls && m.generation !== this.generation) continue;
        if (rolls && !this.answerRolls) this.heldRolls.push(m);
        else this.deliver(m.speaker, m.input, m.options);
      }
    });
  }

  /** A GM gives a character an attribute on its sheet (text, as Roll20 keeps every value). */
  addAttribute(characterId: string, name: string, current: string): string {
    return this.create("attribute", { _type: "attribute", _characterid: characterId, name, current, max: "" }).id;
  }

  /** An attribute's value as Roll20 holds it (the first of that name on the character). */
  attribute(characterId: string, name: string): string | undefined {
    const found = [...this.objects.values()].find(
      ({ type, object }) =>
        type === "attribute" &&
        !object.removed &&
        object.props._characterid === characterId &&
        object.props.name === name,
    );
    return found ? String(found.object.props.current) : undefined;
  }

  /** Adds a character to the journal (a GM's own, or one a player made). */
  addCharacter(name: string, controlledby = ""): string {
    return this.create("character", { _type: "character", name, controlledby, inplayerjournals: controlledby } as Props)
      .id;
  }

  /** Who a `/w` target reaches, as Roll20 resolves it by name. */
  whisperReach(target: string): string[] {
    const key = target.trim().toLowerCase();
    if (key === "gm") return [...this.gms];
    const reached = new Set<string>();
    for (const p of this.players()) if (String(p.props._displayname).trim().toLowerCase() === key) reached.add(p.id);
    for (const { type, object } of this.objects.values()) {
      if (type !== "character" || object.removed || String(object.props.name).trim().toLowerCase() !== key) continue;
      const controllers = String(object.props.controlledby ?? "")
        .split(",")
        .map((c) => c.trim())
        .filter((c) => c !== "");
      if (controllers.length === 0) for (const gm of this.gms) reached.add(gm);
      for (const c of controllers)
        if (c === "all") for (const p of this.players()) reached.add(p.id);
        else reached.add(c);
    }
    return [...reached];
  }

  private deliver(speaker: string, input: string, options?: Record<string, unknown>): void {
    const rolled = input.includes("[[") ? this.rollInline(input) : null;
    if (input.includes("[[") && !rolled) return;
    const gm = /^\/w gm (.*)$/is.exec(input);
    const named = gm ? null : (/^\/w "([^"]*)" (.*)$/s.exec(input) ?? /^\/w (\S+) (.*)$/s.exec(input));
    const message: Delivered = gm
      ? { to: this.whisperReach("gm"), speaker, content: gm[1] ?? "", whisper: true }
      : named
        ? {
            to: this.whisperReach(named[1] ?? ""),
            speaker,
            content: named[2] ?? "",
            whisper: true,
            target: named[1] ?? "",
          }
        : { to: "all", speaker, content: input, whisper: false };
    this.chat.push({
      ...message,
      ...(options ? { options } : {}),
      ...(rolled ? { inlinerolls: rolled.inlinerolls } : {}),
    });
    // A roll template's message reaches scripts as its template's name and the text after it.
    const template = rolled ? /^&\{template:([^}]*)\}\s*(.*)$/s.exec(rolled.content) : null;
    // The script's own message comes back to every script's chat:message.
    this.fire("chat:message", {
      who: speaker,
      playerid: "API",
      type: message.whisper ? "whisper" : input.startsWith("!") ? "api" : "general",
      content: template ? (template[2] ?? "") : rolled ? rolled.content : message.content,
      ...(rolled ? { inlinerolls: rolled.inlinerolls as ChatMessage["inlinerolls"] } : {}),
      ...(template ? { rolltemplate: template[1] ?? "" } : {}),
    } satisfies ChatMessage);
  }
}

/** Reads a built script. */
export function readScript(path: string): string {
  return readFileSync(path, "utf8");
}

export type { ObjectTypes };
