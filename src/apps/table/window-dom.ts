/**
 * A window model's plan (window-model.ts) applied to the drawn parts, the same in every host: the
 * parts no longer in the window go, and the parts drawn are put in the plan's order. Each part's
 * root element names its part in an attribute (Foundry's `data-application-part`, the page's `data-part`).
 */
import type { WindowPlan } from "./window-model";

export function arrangeParts(content: Element, plan: WindowPlan, attribute: string): void {
  const partOf = (el: Element): string => el.getAttribute(attribute) ?? "";
  for (const el of [...content.children]) if (plan.removed.includes(partOf(el))) el.remove();
  let before: Element | null = null;
  for (const { id } of plan.parts) {
    const el = [...content.children].find((c) => partOf(c) === id);
    if (!el) continue;
    if (before ? el.previousElementSibling !== before : el !== content.firstElementChild) {
      if (before) before.after(el);
      else content.prepend(el);
    }
    before = el;
  }
}

/**
 * A part drawn anew keeps its folds (<details>) open or closed as the reader left them (Foundry
 * replaces a part whole; the page's morph keeps them in place): each fold is found again by its
 * class and its place among the folds of that class.
 */
export function keepFolds(prior: Element, next: Element): void {
  const folds = (root: Element): Map<string, HTMLDetailsElement> => {
    const seen = new Map<string, number>();
    return new Map(
      [...root.querySelectorAll("details")].map((fold) => {
        const n = seen.get(fold.className) ?? 0;
        seen.set(fold.className, n + 1);
        return [`${fold.className}#${n}`, fold];
      }),
    );
  };
  const before = folds(prior);
  for (const [key, fold] of folds(next)) {
    const was = before.get(key);
    if (was) fold.open = was.open;
  }
}
