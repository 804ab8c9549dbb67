/**
 * A very small DOM for the Foundry window tests (the unit tests run in Node, without a browser):
 * it parses the HTML our Handlebars templates render into elements that have what the window code
 * and the board layer use: attributes, `dataset` (read and written), `closest`, `matches`,
 * `querySelector(All)` for the selectors they write (tags, `[attr]`, `[attr="value"]`, `:not(…)`,
 * `:focus`, descendants, children (`>`), lists), `textContent`, `disabled`, `value`, `focus`, `addEventListener`.
 * Anything else in a selector throws, so a test cannot pass by matching nothing.
 */

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x3D;/g, "=")
    .replace(/&#x60;/g, "`")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  parentElement: FakeElement | null = null;
  /** The text directly inside this element (before its children, which is enough for the tests). */
  ownText = "";
  disabled = false;
  value = "";
  focused = false;
  readonly listeners: { type: string; fn: (event: unknown) => void }[] = [];
  readonly dataset: Record<string, string>;

  constructor(readonly tagName: string) {
    const attrs = this.attributes;
    this.dataset = new Proxy({} as Record<string, string>, {
      get: (_t, key) => (typeof key === "string" ? attrs.get(`data-${kebab(key)}`) : undefined),
      set: (_t, key, value) => {
        if (typeof key === "string") attrs.set(`data-${kebab(key)}`, String(value));
        return true;
      },
      has: (_t, key) => typeof key === "string" && attrs.has(`data-${kebab(key)}`),
      ownKeys: () => [...attrs.keys()].filter((k) => k.startsWith("data-")).map((k) => camel(k.slice(5))),
      getOwnPropertyDescriptor: (_t, key) => {
        const v = typeof key === "string" ? attrs.get(`data-${kebab(key)}`) : undefined;
        return v === undefined ? undefined : { value: v, enumerable: true, configurable: true, writable: true };
      },
    });
  }

  get name(): string {
    return this.getAttribute("name") ?? "";
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }

  hasAttribute(name: string): boolean {
    return this.attributes.has(name);
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  toggleAttribute(name: string, force?: boolean): boolean {
    const on = force ?? !this.attributes.has(name);
    if (on) {
      if (!this.attributes.has(name)) this.attributes.set(name, "");
    } else this.attributes.delete(name);
    return on;
  }

  get textContent(): string {
    return this.ownText + this.children.map((c) => c.textContent).join("");
  }

  set textContent(value: string) {
    this.children.length = 0;
    this.ownText = value;
  }

  addEventListener(type: string, fn: (event: unknown) => void): void {
    this.listeners.push({ type, fn });
  }

  /** Focuses this element and no other of its tree. */
  focus(): void {
    let root = this.parentElement;
    while (root?.parentElement) root = root.parentElement;
    for (const el of root ? [root, ...root.descendants()] : []) el.focused = false;
    this.focused = true;
  }

  /** Every element under this one, in document order. */
  descendants(): FakeElement[] {
    return this.children.flatMap((c) => [c, ...c.descendants()]);
  }

  matches(selector: string): boolean {
    return parseList(selector).some((complex) => matchComplex(this, complex));
  }

  closest<T = FakeElement>(selector: string): T | null {
    if (this.matches(selector)) return this as unknown as T;
    for (let el = this.parentElement; el; el = el.parentElement) if (el.matches(selector)) return el as T;
    return null;
  }

  querySelectorAll<T = FakeElement>(selector: string): T[] {
    const list = parseList(selector);
    return this.descendants().filter((el) => list.some((complex) => matchComplex(el, complex))) as T[];
  }

  querySelector<T = FakeElement>(selector: string): T | null {
    return this.querySelectorAll<T>(selector)[0] ?? null;
  }
}

// ---- selectors --------------------------------------------------------------------------------

interface Compound {
  tag: string | null;
  classes: string[];
  /** How this compound relates to the one before it: a descendant (" ") or a child (">"). */
  child: boolean;
  attrs: { name: string; value: string | null }[];
  not: Compound[];
  focus: boolean;
}

function splitTop(text: string, sep: (c: string) => boolean): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = "";
  let cur = "";
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    if (!quote && depth === 0 && sep(c)) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function parseCompound(text: string): Compound {
  const compound: Compound = { tag: null, classes: [], child: false, attrs: [], not: [], focus: false };
  let rest = text;
  const tag = /^[a-zA-Z][\w-]*/.exec(rest);
  if (tag) {
    compound.tag = tag[0].toLowerCase();
    rest = rest.slice(tag[0].length);
  }
  while (rest) {
    const cls = /^\.([\w-]+)/.exec(rest);
    if (cls) {
      compound.classes.push(cls[1] as string);
      rest = rest.slice(cls[0].length);
      continue;
    }
    const attr = /^\[([\w-]+)(?:="((?:[^"\\]|\\.)*)")?\]/.exec(rest);
    if (attr) {
      compound.attrs.push({
        name: attr[1] as string,
        value: attr[2] === undefined ? null : (attr[2] as string).replace(/\\(.)/g, "$1"),
      });
      rest = rest.slice(attr[0].length);
      continue;
    }
    if (rest.startsWith(":focus")) {
      compound.focus = true;
      rest = rest.slice(":focus".length);
      continue;
    }
    const not = /^:not\(([^()]*)\)/.exec(rest);
    if (not) {
      compound.not.push(parseCompound(not[1] as string));
      rest = rest.slice(not[0].length);
      continue;
    }
    throw new Error(`the test DOM does not understand the selector part "${rest}"`);
  }
  return compound;
}

function parseList(selector: string): Compound[][] {
  return splitTop(selector, (c) => c === ",").map((complex) => {
    const out: Compound[] = [];
    let child = false;
    for (const part of splitTop(complex.replace(/>/g, " > "), (c) => /\s/.test(c))) {
      if (part === ">") {
        child = true;
        continue;
      }
      out.push({ ...parseCompound(part), child });
      child = false;
    }
    return out;
  });
}

function matchCompound(el: FakeElement, c: Compound): boolean {
  if (c.tag !== null && el.tagName.toLowerCase() !== c.tag) return false;
  const classes = (el.getAttribute("class") ?? "").split(/\s+/);
  if (!c.classes.every((k) => classes.includes(k))) return false;
  for (const a of c.attrs) {
    const v = el.getAttribute(a.name);
    if (v === null || (a.value !== null && v !== a.value)) return false;
  }
  if (c.focus && !el.focused) return false;
  return !c.not.some((n) => matchCompound(el, n));
}

/** Whether `el` matches the compounds up to index `i`, the last of them itself. */
function matchComplex(el: FakeElement, complex: Compound[], i = complex.length - 1): boolean {
  const c = complex[i];
  if (!c || !matchCompound(el, c)) return false;
  if (i === 0) return true;
  if (c.child) return el.parentElement !== null && matchComplex(el.parentElement, complex, i - 1);
  for (let p = el.parentElement; p; p = p.parentElement) if (matchComplex(p, complex, i - 1)) return true;
  return false;
}

// ---- HTML -------------------------------------------------------------------------------------

/** Parses rendered template HTML into a root element of the given tag holding it. */
export function parseHtml(html: string, rootTag = "section"): FakeElement {
  const root = new FakeElement(rootTag);
  let current = root;
  const tokens =
    /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:\s*=\s*"[^"]*")?)*)\s*(\/?)>|([^<]+)/g;
  for (const m of html.matchAll(tokens)) {
    if (m[1]) {
      const tag = m[1].toLowerCase();
      for (let el: FakeElement | null = current; el && el !== root; el = el.parentElement) {
        if (el.tagName.toLowerCase() === tag) {
          current = el.parentElement ?? root;
          break;
        }
      }
    } else if (m[2]) {
      const el = new FakeElement(m[2].toUpperCase());
      for (const a of (m[3] ?? "").matchAll(/([^\s=/>]+)(?:\s*=\s*"([^"]*)")?/g))
        el.setAttribute(a[1] as string, decode(a[2] ?? ""));
      if (el.hasAttribute("value")) el.value = el.getAttribute("value") ?? "";
      el.parentElement = current;
      current.children.push(el);
      if (!m[4] && !VOID.has(m[2].toLowerCase())) current = el;
    } else if (m[5] && current !== root) {
      current.ownText += decode(m[5]);
    }
  }
  return root;
}

/** The templates the tests parse are rendered as the happy-dom windows render theirs (handlebars.ts). */
export { renderTemplate } from "./handlebars";
