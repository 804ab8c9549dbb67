/**
 * The names a Handlebars template reads from the root of its context (its AST's paths that resolve
 * to the root, in or out of blocks), or null when it reads the root whole (`this`, a partial):
 * tests/apps/window-model.test.ts generates src/apps/template-reads.ts from them.
 */
import Handlebars from "handlebars";

type Node = hbs.AST.Node;

/** Block helpers whose body runs in a new context (every other block keeps its context). */
const SCOPING = new Set(["each", "with"]);

export function templateRoots(source: string): Set<string> | null {
  const roots = new Set<string>();
  let whole = false;
  /** `depth`: how many scoping blocks the node is inside (0: the root context). */
  const path = (p: hbs.AST.PathExpression, depth: number): void => {
    if (p.data) {
      if (p.parts[0] === "root") {
        if (p.parts.length > 1) roots.add(p.parts[1] as string);
        else whole = true;
      }
      return;
    }
    if (p.depth !== depth) return;
    if (p.parts.length === 0) whole = true;
    else roots.add(p.parts[0] as string);
  };
  const expr = (e: hbs.AST.Expression, depth: number): void => {
    if (e.type === "PathExpression") path(e as hbs.AST.PathExpression, depth);
    else if (e.type === "SubExpression") call(e as hbs.AST.SubExpression, depth, true);
  };
  /** A mustache, block or subexpression: its params and hash are read; a bare path is read too. */
  const call = (
    c: { path: hbs.AST.PathExpression | hbs.AST.Literal; params: hbs.AST.Expression[]; hash?: hbs.AST.Hash },
    depth: number,
    helper: boolean,
  ): void => {
    if (!helper && c.path.type === "PathExpression") path(c.path as hbs.AST.PathExpression, depth);
    for (const p of c.params) expr(p, depth);
    for (const pair of c.hash?.pairs ?? []) expr(pair.value, depth);
  };
  const walk = (node: Node | undefined | null, depth: number): void => {
    if (!node) return;
    switch (node.type) {
      case "Program":
        for (const s of (node as hbs.AST.Program).body) walk(s, depth);
        break;
      case "MustacheStatement": {
        const m = node as hbs.AST.MustacheStatement;
        call(m, depth, m.params.length > 0 || (m.hash?.pairs.length ?? 0) > 0);
        break;
      }
      case "BlockStatement": {
        const b = node as hbs.AST.BlockStatement;
        const name = b.path.type === "PathExpression" ? (b.path as hbs.AST.PathExpression).original : "";
        // `{{#players}}…{{/players}}` reads `players`; `{{#each players}}` reads its param.
        call(b, depth, b.params.length > 0);
        const inner = SCOPING.has(name) || b.params.length === 0 ? depth + 1 : depth;
        walk(b.program, inner);
        walk(b.inverse, depth);
        break;
      }
      case "PartialStatement":
      case "PartialBlockStatement":
        whole = true;
        break;
    }
  };
  walk(Handlebars.parse(source), 0);
  return whole ? null : roots;
}
