/** A base no request can have: a value that resolves outside it names another site. */
const OURS = 'http://planillas.invalid'

/**
 * `value` as a path of this site, or `fallback`. Browsers read `/\host`, `/\/host`, `//host` and
 * tabs or newlines inside them as another site's address, so the value is parsed the way a browser
 * would and kept only when it stays on our origin; the normalized path is what gets followed.
 */
export function sameOriginPath(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/')) return fallback
  try {
    const url = new URL(value, OURS)
    if (url.origin !== OURS) return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
