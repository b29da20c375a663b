import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { MESSAGES } from '@planillas/domain'
import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useState } from 'react'
import { buttonClass } from '../ui/button'

/**
 * The status action of a row ('Suspender', 'Activar', …). It is a link to the confirmation page,
 * so it works without JavaScript; with it, the same confirmation opens as a dialog in place.
 */
export function StatusAction({
  resource,
  id,
  status,
  label,
}: {
  resource: string
  id: number
  status: number
  label: string
}) {
  const location = useLocation()
  const fetcher = useFetcher()
  const [open, setOpen] = useState(false)
  const back = `${location.pathname}${location.search}`
  const href = `/estado/${resource}/${id}?${new URLSearchParams({ status: String(status), back })}`
  return (
    <>
      <Link
        to={href}
        className="rounded px-2 py-1 text-sm font-medium text-primary-dark hover:bg-primary-light"
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        {label}
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-sm rounded bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold">{MESSAGES.confirmStatusTitle}</DialogTitle>
            <p className="mt-2 text-slate-700">{MESSAGES.confirmStatusBody}</p>
            <fetcher.Form
              method="post"
              action={href}
              className="mt-6 flex justify-end gap-2"
              onSubmit={() => setOpen(false)}
            >
              <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(false)}>
                Cancelar
              </button>
              <button type="submit" className={buttonClass('primary')}>
                Aceptar
              </button>
            </fetcher.Form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  )
}

/** 'Ver datos' / 'Editar' style row link. */
export function RowLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="rounded px-2 py-1 text-sm font-medium text-primary-dark hover:bg-primary-light">
      {children}
    </Link>
  )
}
