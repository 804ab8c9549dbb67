/** HTML escaping for the few strings put into markup by hand (templates escape by themselves). */

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A form's fields by name as the shared models read them: a text's value, else (a file, no such field) null. */
export function formFields(data: FormData): (name: string) => string | null {
  return (name) => {
    const v = data.get(name);
    return typeof v === "string" ? v : null;
  };
}

/** `formFields` of a drawn form. */
export function formReader(form: HTMLFormElement): (name: string) => string | null {
  return formFields(new FormData(form));
}
