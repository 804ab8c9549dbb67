/**
 * Brings a drawn window part up to its newly rendered HTML by changing only the nodes that differ
 * (attributes, text, a subtree whose shape changed), so that a move restyles and lays out the few
 * squares it touched, not the whole board (issue 17). Nodes left alone keep their focus and listeners.
 */

const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/** An element node, whatever its window (no `instanceof`: tests pass another realm's nodes). */
const isElement = (node: Node): node is Element => node.nodeType === 1;

/** Makes `shown` equal to `fresh` (same attributes, text and children), touching only what differs. */
export function morph(shown: Element, fresh: Element): void {
  if (shown.isEqualNode(fresh)) return;
  // A form control drawn differently starts afresh (its new default value); one drawn the same keeps what was typed.
  if (shown.nodeName !== fresh.nodeName || shown.namespaceURI !== fresh.namespaceURI || FIELDS.has(shown.nodeName)) {
    shown.replaceWith(fresh);
    return;
  }
  // A fold's open or closed is the reader's (as a field's typed value is): a redraw leaves it as they set it.
  const readers = shown.nodeName === "DETAILS" ? new Set(["open"]) : new Set<string>();
  for (const name of shown.getAttributeNames())
    if (!fresh.hasAttribute(name) && !readers.has(name)) shown.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) {
    if (readers.has(name)) continue;
    const value = fresh.getAttribute(name) ?? "";
    if (shown.getAttribute(name) !== value) shown.setAttribute(name, value);
  }
  const before = [...shown.childNodes];
  const after = [...fresh.childNodes];
  after.forEach((node, i) => {
    const old = before[i];
    if (!old) shown.append(node);
    else if (old.isEqualNode(node)) return;
    else if (isElement(old) && isElement(node)) morph(old, node);
    else if (old.nodeType === node.nodeType && !isElement(old)) old.nodeValue = node.nodeValue;
    else old.replaceWith(node);
  });
  for (const extra of before.slice(after.length)) extra.remove();
}
