/**
 * The release URLs a module.json carries, in the GitHub Releases pattern Foundry modules use (one
 * manifest URL that always names the latest release, one download per version):
 *   url       CANTINA_REPO_URL (default https://example.invalid/cantina-games, a placeholder)
 *   manifest  CANTINA_MANIFEST_URL, else <repo>/releases/latest/download/module.json
 *   download  CANTINA_DOWNLOAD_URL, else <repo>/releases/download/v<version>/<id>.zip
 * Shared by scripts/build-dist.mjs (which writes them into dist/module.json) and scripts/package.mjs
 * (which stamps them again when the environment names a repository).
 */

/** The host of the placeholder URLs: a module.json carrying it installs nowhere. */
export const PLACEHOLDER_HOST = "example.invalid";

/**
 * @param {Record<string, string | undefined>} env  the environment (process.env)
 * @param {{ id: string, version: string }} module  the module's id and version
 * @returns {{ url: string, manifest: string, download: string }}
 */
export function releaseUrls(env, { id, version }) {
  const url = (env.CANTINA_REPO_URL || `https://${PLACEHOLDER_HOST}/cantina-games`).replace(/\/+$/, "");
  return {
    url,
    manifest: env.CANTINA_MANIFEST_URL || `${url}/releases/latest/download/module.json`,
    download: env.CANTINA_DOWNLOAD_URL || `${url}/releases/download/v${version}/${id}.zip`,
  };
}

/**
 * Whether the environment names where the module is published (then its URLs replace the ones a
 * build wrote).
 * @param {Record<string, string | undefined>} env
 */
export function releaseNamed(env) {
  return Boolean(env.CANTINA_REPO_URL || (env.CANTINA_MANIFEST_URL && env.CANTINA_DOWNLOAD_URL));
}
