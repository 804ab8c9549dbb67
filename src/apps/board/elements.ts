/**
 * Small helpers on rendered board HTML shared by selection and placement input: data-attribute
 * word lists and an event's target as an element.
 */

export const words = (s: string | undefined): string[] => (s ? s.split(" ").filter(Boolean) : []);

/** The event's target as an element, whatever the realm (no `instanceof`, so tests can pass stand-ins). */
export function elementOf(target: EventTarget | null): HTMLElement | null {
  return target !== null && typeof (target as { closest?: unknown }).closest === "function"
    ? (target as HTMLElement)
    : null;
}
