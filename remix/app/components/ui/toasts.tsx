import { useEffect, useState } from 'react'
import type { Toast } from '~/session.server'

const STYLES: Record<Toast['type'], string> = {
  success: 'border-green-600 bg-green-50 text-green-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-primary bg-primary-light text-primary-dark',
}

/** A flash message from the session; with JavaScript it goes away after a few seconds. Keyed by the caller per toast. */
export function Toasts({ toast }: { toast: Toast }) {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 6000)
    return () => clearTimeout(timer)
  }, [])
  if (!visible) return null
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={`fixed right-4 bottom-4 z-50 max-w-sm rounded border-l-4 px-4 py-3 shadow-lg ${STYLES[toast.type]}`}
    >
      {toast.message}
    </div>
  )
}
