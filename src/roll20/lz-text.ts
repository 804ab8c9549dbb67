/**
 * A small LZ77 text packer for `state` (no zlib in the sandbox; `state` is JSON): every character is
 * itself but `~`, which starts a back reference `~<distance>:<length>;` (base 36) or, doubled, is itself.
 */

const MARK = "~";
const MIN_MATCH = 6;
const MAX_MATCH = 1024;
const WINDOW = 1 << 15;
/** Candidates tried per position: bounds the work (no long stretch in the sandbox, whatever the text). */
const CHAIN = 64;
const KEY = 4;

export function packText(text: string): string {
  const out: string[] = [];
  const heads = new Map<string, number[]>();
  let i = 0;
  const remember = (at: number): void => {
    if (at + KEY > text.length) return;
    const key = text.slice(at, at + KEY);
    const list = heads.get(key);
    if (list) {
      list.push(at);
      if (list.length > CHAIN) list.shift();
    } else heads.set(key, [at]);
  };
  while (i < text.length) {
    let bestLength = 0;
    let bestDistance = 0;
    const candidates = i + KEY <= text.length ? heads.get(text.slice(i, i + KEY)) : undefined;
    for (const at of candidates ?? []) {
      if (i - at > WINDOW) continue;
      let length = 0;
      while (length < MAX_MATCH && i + length < text.length && text[at + length] === text[i + length]) length++;
      if (length > bestLength) {
        bestLength = length;
        bestDistance = i - at;
      }
    }
    if (bestLength >= MIN_MATCH) {
      out.push(`${MARK}${bestDistance.toString(36)}:${bestLength.toString(36)};`);
      for (let k = 0; k < bestLength; k++) remember(i + k);
      i += bestLength;
    } else {
      const c = text[i] ?? "";
      out.push(c === MARK ? MARK + MARK : c);
      remember(i);
      i++;
    }
  }
  return out.join("");
}

/** The text `packText` was given; null when `packed` is not its output. */
export function unpackText(packed: string): string | null {
  let out = "";
  let i = 0;
  while (i < packed.length) {
    const c = packed[i] ?? "";
    if (c !== MARK) {
      out += c;
      i++;
      continue;
    }
    if (packed[i + 1] === MARK) {
      out += MARK;
      i += 2;
      continue;
    }
    const ref = /^([0-9a-z]+):([0-9a-z]+);/.exec(packed.slice(i + 1, i + 24));
    if (!ref) return null;
    const distance = parseInt(ref[1] ?? "", 36);
    const length = parseInt(ref[2] ?? "", 36);
    if (!(distance >= 1 && distance <= out.length && length >= 1 && length <= MAX_MATCH)) return null;
    const from = out.length - distance;
    // An overlapping reference repeats what it is copying, one character at a time.
    for (let k = 0; k < length; k++) out += out[from + k] ?? "";
    i += 1 + ref[0].length;
  }
  return out;
}
