/**
 * The Foundry sheet's scoping (used by build-dist.mjs): every selector of a module stylesheet is put
 * under the module's classes, inside `@media` and `@container` blocks too. Other at-rules are refused.
 */

/** A selector that only matches the module's own elements. */
export const SCOPED =
  /^(\.cantina-games\b|:where\(\.cantina-games\)|\.theme-dark \.cantina-games\b|\.chat-message \.cantina-sealed-roll\b)/;

/** A selector list's selectors: split at its commas, not at those inside parentheses (`:is(.a, .b)`). */
export function splitSelectors(list) {
  const out = [""];
  let depth = 0;
  for (const ch of list) {
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    if (ch === "," && depth === 0) out.push("");
    else out[out.length - 1] += ch;
  }
  return out;
}

/** The plain rules of a stylesheet part (no at-rule), each selector scoped, indented by `indent`. */
function scopeRules(file, text, indent) {
  const rules = [];
  const rule = /([^{}]+)\{([^{}]*)\}/g;
  let m;
  while ((m = rule.exec(text))) {
    const selectors = splitSelectors(m[1])
      .map((s) => s.trim().replace(/\s+/g, " "))
      .map((s) => {
        if (SCOPED.test(s)) return s;
        if (file === "foundry.css") throw new Error(`styles/foundry.css: "${s}" is not under .cantina-games`);
        return `.cantina-games ${s}`;
      });
    // Each declaration on its own line, indented one step under its selector (in a @media block too).
    const body = m[2].replace(/\n[ \t]*/g, `\n${indent}  `).replace(/\s+$/, "");
    rules.push(`${indent}${selectors.join(`,\n${indent}`)} {${body}\n${indent}}`);
  }
  const leftover = text.replace(rule, "").trim();
  if (leftover) throw new Error(`styles/${file}: could not read "${leftover.slice(0, 60)}"`);
  return rules;
}

/**
 * A stylesheet scoped for the module's sheet: its rules, and its `@media` and `@container` blocks
 * with the rules in them scoped the same way (a block in a block is refused). Throws with the file's
 * name on what it cannot scope.
 */
export function scopeCss(file, text) {
  const plain = text.replace(/\/\*[\s\S]*?\*\//g, "");
  const other = /@(?!(?:media|container)\b)[\w-]*/.exec(plain);
  if (other) throw new Error(`styles/${file}: ${other[0]} is not supported by the scoping in build-dist.mjs`);
  const out = [];
  const media = /@(media|container)([^{};]*)\{/g;
  let from = 0;
  let m;
  while ((m = media.exec(plain))) {
    out.push(...scopeRules(file, plain.slice(from, m.index), "  "));
    // The block's end: the brace that closes its own (rules inside hold one level of braces).
    let depth = 1;
    let i = media.lastIndex;
    for (; i < plain.length && depth > 0; i++) {
      if (plain[i] === "{") depth++;
      else if (plain[i] === "}") depth--;
      if (depth > 2) throw new Error(`styles/${file}: a block inside @${m[1]}${m[2]} is not supported`);
    }
    if (depth !== 0) throw new Error(`styles/${file}: @${m[1]}${m[2]} is not closed`);
    const inner = scopeRules(file, plain.slice(media.lastIndex, i - 1), "    ");
    out.push(`  @${m[1]} ${m[2].trim().replace(/\s+/g, " ")} {\n${inner.join("\n")}\n  }`);
    from = i;
    media.lastIndex = i;
  }
  out.push(...scopeRules(file, plain.slice(from), "  "));
  return `  /* ---- styles/${file} ---- */\n${out.join("\n")}\n`;
}
