import { type ReactNode, useEffect, useRef } from 'react'

/**
 * 'Más': a row's less frequent actions in a small menu, so the table keeps its columns in view.
 * A `<details>`, so it opens without JavaScript; with it, a click elsewhere, on an action, or Escape
 * closes it.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current
      if (!menu?.open) return
      // Any click but on its own button closes it: elsewhere, or on one of its actions.
      const onToggle = menu.querySelector('summary')?.contains(event.target as Node)
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !onToggle) menu.open = false
    }
    document.addEventListener('click', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('click', close)
      document.removeEventListener('keydown', close)
    }
  }, [])
  return (
    <details ref={ref} className="relative">
      <summary
        className="row-link cursor-pointer list-none [&::-webkit-details-marker]:hidden"
        aria-label={`Más opciones de ${label}`}
      >
        Más <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 flex min-w-36 flex-col items-start rounded border border-slate-200 bg-white py-1 shadow-lg">
        {children}
      </div>
    </details>
  )
}
