import { useEffect, useState } from 'react'
import type { Toast } from '~/session.server'
import { useHydrated } from '~/utils/use-hydrated'

const STYLES: Record<Toast['type'], string> = {
  success: 'border-green-600 bg-green-50 text-green-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-primary bg-primary-light text-primary-dark',
}

/**
 * A flash message from the session, at the top right where it covers no form's buttons; with
 * JavaScript it goes away after a few seconds or when closed. Keyed by the caller per toast.
 */
export function Toasts({ toast }: { toast: Toast }) {
  const [visible, setVisible] = useState(true)
  const hydrated = useHydrated()
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 6000)
    return () => clearTimeout(timer)
  }, [])
  if (!visible) return null
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={`fixed top-4 right-4 z-50 flex print:hidden max-w-sm items-start gap-3 rounded border-l-4 px-4 py-3 shadow-lg ${STYLES[toast.type]}`}
    >
      <span data-testid="toast">{toast.message}</span>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible(false)}
          className="-mr-1 rounded px-1 leading-none opacity-70 hover:opacity-100"
          aria-label="Cerrar mensaje"
        >
          ×
        </button>
      ) : null}
    </div>
  )
}
