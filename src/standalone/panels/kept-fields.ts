/**
 * What a viewer typed in a part of the page that is drawn again from its HTML: the fields they changed
 * (not as drawn), found again by their form's first `data-*` attribute and their name, with the focus.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface TypedFields {
  readonly values: ReadonlyMap<string, string>;
  /** The focused field's key, and where its caret was. */
  readonly focus: { readonly key: string; readonly start: number | null; readonly end: number | null } | null;
}

const FIELDS = "input[name], select[name], textarea[name]";

/** An element's first `data-*` attribute as `name=value`, which finds it again after a redraw. */
export function dataKey(el: Element): string | null {
  const attr = [...el.attributes].find((a) => a.name.startsWith("data-"));
  return attr ? `${attr.name}=${attr.value}` : null;
}

function fieldKey(field: Field): string {
  const form = field.closest("form");
  return `${form ? (dataKey(form) ?? "") : ""}|${field.name}`;
}

/** A field's value as typed, or null when it is as drawn. */
function changed(field: Field): string | null {
  if (field instanceof HTMLSelectElement) {
    const drawn = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
    return field.value !== (drawn?.value ?? "") ? field.value : null;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
    return field.checked !== field.defaultChecked ? (field.checked ? "on" : "") : null;
  return field.value !== field.defaultValue ? field.value : null;
}

function caret(field: Element): { start: number | null; end: number | null } {
  try {
    const f = field as HTMLInputElement;
    return { start: f.selectionStart, end: f.selectionEnd };
  } catch {
    // A number field has no caret to read.
    return { start: null, end: null };
  }
}

export function typedFields(el: HTMLElement): TypedFields {
  const values = new Map<string, string>();
  for (const field of el.querySelectorAll<Field>(FIELDS)) {
    const value = changed(field);
    if (value !== null) values.set(fieldKey(field), value);
  }
  const active = el.ownerDocument.activeElement;
  const focused = active && el.contains(active) && active.matches(FIELDS) ? (active as Field) : null;
  return { values, focus: focused ? { key: fieldKey(focused), ...caret(focused) } : null };
}

/** Puts the typed values back into the redrawn part, and the focus (and caret) where it was; true if focused. */
export function restoreFields(el: HTMLElement, typed: TypedFields): boolean {
  let focused = false;
  for (const field of el.querySelectorAll<Field>(FIELDS)) {
    const key = fieldKey(field);
    const value = typed.values.get(key);
    if (value !== undefined) {
      if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
        field.checked = value === "on";
      else if (!(field instanceof HTMLSelectElement) || [...field.options].some((o) => o.value === value))
        field.value = value;
    }
    if (typed.focus?.key === key && !focused) {
      field.focus();
      focused = true;
      const { start, end } = typed.focus;
      if (start !== null && end !== null && field instanceof HTMLInputElement)
        try {
          field.setSelectionRange(start, end);
        } catch {
          // A number field has no caret to set.
        }
    }
  }
  return focused;
}
