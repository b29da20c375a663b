import { useEffect, useState } from 'react'

/**
 * False in the server's HTML and until React takes over in the browser: a screen renders its
 * no-JavaScript path first and swaps in the enhanced control once scripts run.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
