/** The part of js-yaml (plain JS, no types of its own here) that the release workflow test uses. */
declare module "js-yaml" {
  export function load(text: string): unknown;
}
