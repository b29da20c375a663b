import { CONTRACT_MESSAGES, MESSAGES } from '@planillas/domain'
import { type ReactNode, useState } from 'react'
import { Form, Link, useFetcher, useLocation } from 'react-router'
import { withReturn } from '~/utils/list-return'
import { buttonClass } from '../ui/button'
import { DialogLink } from '../ui/page-dialog'

/**
 * The action of a two-state record (ACTIVO ⇄ SUSPENDIDO, activo ⇄ inactivo): it leads to the other
 * state, named by the table's `action` for the current one ('Suspender', 'Activar').
 */
export function ToggleStatusAction({
  resource,
  id,
  status,
  statuses,
}: {
  resource: string
  /** The record's id, or its code for a resource keyed by code (banks). */
  id: number | string
  status: number
  statuses: Record<1 | 2, { action?: string }>
}) {
  return (
    <StatusAction
      resource={resource}
      id={id}
      status={status === 1 ? 2 : 1}
      label={statuses[status as 1 | 2]?.action ?? 'Cambiar estado'}
    />
  )
}

/**
 * A record's row actions: 'Ver datos' (its page, where it has one), and for an editor 'Editar' and,
 * for a two-state record, the status toggle (`ToggleStatusAction`).
 */
export function RecordActions({
  view,
  edit,
  canEdit,
  toggle,
}: {
  view?: string
  edit: string
  canEdit: boolean
  toggle?: Parameters<typeof ToggleStatusAction>[0]
}) {
  return (
    <>
      {view ? <RowLink to={view}>Ver datos</RowLink> : null}
      {canEdit ? (
        <>
          <RowLink to={edit}>Editar</RowLink>
          {toggle ? <ToggleStatusAction {...toggle} /> : null}
        </>
      ) : null}
    </>
  )
}

/**
 * The status action of a row ('Suspender', 'Activar', …). It is a link to the confirmation page,
 * so it works without JavaScript; with it, the same confirmation opens as a dialog in place.
 */
export function StatusAction({
  resource,
  id,
  status,
  label,
  reason,
  detail,
}: {
  resource: string
  id: number | string
  status: number
  label: string
  /** The change asks for a reason (a contract's dismissal requires one). */
  reason?: 'required' | 'optional'
  /** What the change does, said in the dialog (e.g. which contract becomes DESPEDIDO). */
  detail?: string
}) {
  const location = useLocation()
  const fetcher = useFetcher()
  const [open, setOpen] = useState(false)
  const [reasonError, setReasonError] = useState<string | null>(null)
  const close = () => {
    setOpen(false)
    setReasonError(null)
  }
  const back = `${location.pathname}${location.search}`
  const href = `/estado/${resource}/${id}?${new URLSearchParams({ status: String(status), back })}`
  return (
    <DialogLink
      to={href}
      className="row-link"
      label={label}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      title={MESSAGES.confirmStatusTitle}
    >
      <p className="mt-2 text-slate-700">{MESSAGES.confirmStatusBody}</p>
      {detail ? <p className="mt-2 text-sm text-slate-600">{detail}</p> : null}
      <fetcher.Form
        method="post"
        action={href}
        className="mt-6 flex flex-wrap justify-end gap-2"
        onSubmit={(event) => {
          // The app's own message, not the browser's bubble.
          const missing = reasonMissing(reason, new FormData(event.currentTarget))
          if (missing) {
            event.preventDefault()
            setReasonError(missing)
            return
          }
          close()
        }}
      >
        {reason ? <ReasonField required={reason === 'required'} error={reasonError} /> : null}
        <button type="button" className={buttonClass('secondary')} onClick={close}>
          Cancelar
        </button>
        <button type="submit" className={buttonClass('primary')}>
          Aceptar
        </button>
      </fetcher.Form>
    </DialogLink>
  )
}

/** 'Ver datos' / 'Editar' style row link. */
export function RowLink({ to, children }: { to: string; children: React.ReactNode }) {
  // The record opened carries the list as it is (`desde`): its 'Volver' comes back here.
  const location = useLocation()
  return (
    <Link to={withReturn(to, location)} className="row-link">
      {children}
    </Link>
  )
}

/** A required reason left empty: the message the API would answer (only a dismissal requires one). */
export function reasonMissing(reason: 'required' | 'optional' | undefined, form: FormData): string | null {
  if (reason !== 'required') return null
  return String(form.get('reason') ?? '').trim() ? null : CONTRACT_MESSAGES.reasonRequired
}

/**
 * 'Motivo': the reason some status changes ask for (a dismissal must give one). No `required`
 * attribute: the browser's bubble is English and unstyled; the app says it in Spanish instead.
 */
export function ReasonField({ required, error }: { required: boolean; error?: string | null }) {
  return (
    <label className="flex w-full flex-col gap-1 text-left text-sm font-medium text-slate-700">
      <span>Motivo{required ? <span className="text-red-700"> *</span> : ' (opcional)'}</span>
      <textarea
        name="reason"
        rows={3}
        maxLength={500}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'reason-error' : undefined}
        className="w-full rounded border border-slate-300 px-3 py-2 text-sm font-normal shadow-sm"
      />
      {error ? (
        <span id="reason-error" data-testid="field-error" className="font-normal text-red-700">
          {error}
        </span>
      ) : null}
    </label>
  )
}

/**
 * The no-JavaScript page of a status change, one record's or a selection's: the question, what
 * changes (`summary`), and a form (`action`, its hidden fields and any field of its own) whose
 * 'Aceptar' applies it; 'Cancelar' goes `back` to the list as it was.
 */
export function StatusConfirmation({
  summary,
  back,
  action,
  children,
}: {
  summary: ReactNode
  back: string
  action?: string
  children?: ReactNode
}) {
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="confirm-title"
    >
      <h1 id="confirm-title" className="text-xl font-semibold">
        {MESSAGES.confirmStatusTitle}
      </h1>
      <p className="mt-2 text-slate-700">{MESSAGES.confirmStatusBody}</p>
      <p className="mt-4 text-sm text-slate-600">{summary}</p>
      <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-2">
        {children}
        <Link to={back} className={buttonClass('secondary')}>
          Cancelar
        </Link>
        <button type="submit" className={buttonClass('primary')}>
          Aceptar
        </button>
      </Form>
    </section>
  )
}
