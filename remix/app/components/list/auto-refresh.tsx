import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/**
 * Keeps a page fresh while background work is under way (an upload PENDIENTE or PROCESANDO):
 * with JavaScript the loaders run again every few seconds while the tab is visible; without it a
 * `<meta http-equiv="refresh">` inside `<noscript>` reloads the page. Renders nothing once idle.
 */
export function AutoRefresh({ active, seconds = 3 }: { active: boolean; seconds?: number }) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate()
    }, seconds * 1000)
    return () => clearInterval(timer)
  }, [active, seconds, revalidator])
  if (!active) return null
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  )
}
