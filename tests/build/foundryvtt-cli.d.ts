/** The part of @foundryvtt/foundryvtt-cli (plain JS, no types of its own) that the build tests use. */
declare module "@foundryvtt/foundryvtt-cli" {
  interface PackageOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
  }
  export function compilePack(
    src: string,
    dest: string,
    options?: PackageOptions & { recursive?: boolean },
  ): Promise<void>;
  export function extractPack(
    src: string,
    dest: string,
    options?: PackageOptions & { clean?: boolean; folders?: boolean },
  ): Promise<void>;
}
