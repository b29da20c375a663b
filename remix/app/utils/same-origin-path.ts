/** A base no request can have: a value that resolves outside it names another site. */
const OURS = 'http://planillas.invalid'

/** One slash, then anything but a slash or a backslash: a path of this site, never `//host`. */
const ONE_SLASH_PATH = /^\/(?![/\\])/

/**
 * `value` as a path of this site, or `fallback`. Browsers read `/\host`, `/\/host`, `//host` and
 * tabs or newlines inside them as another site's address, so the value is parsed the way a browser
 * would and kept only when it stays on our origin. Normalising can itself make `//host` out of a
 * value that did not start with it (`/.//host`, `/%2e%2e//host`: the dot segments go), and a
 * `Location: //host` is another site, so the normalized path must still start with exactly one
 * slash; that normalized path is what gets followed.
 */
export function sameOriginPath(value: string | null | undefined, fallback: string): string {
  if (!value || !ONE_SLASH_PATH.test(value)) return fallback
  try {
    const url = new URL(value, OURS)
    if (url.origin !== OURS) return fallback
    const path = url.pathname + url.search + url.hash
    return ONE_SLASH_PATH.test(path) ? path : fallback
  } catch {
    return fallback
  }
}
