import { type ReactNode, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { DialogLink } from '~/components/ui/page-dialog'

/** Where an order is annulled: the page without JavaScript, the dialog's form action with it. */
export const annulHref = (payrollId: number, orderId: number) =>
  `/planillas/${payrollId}/pago/${orderId}/anular`

/** What annulling frees, as the question says it: a payroll's lines, or a run's vouchers. */
export const FREES_LINES = 'sus líneas quedarán libres para generar otro archivo'
export const FREES_VOUCHERS = 'sus comprobantes quedarán libres para otra orden'

/** What annulling does, as the dialog and the page ask it. */
const question = (freed: string) =>
  `La orden quedará ANULADO y ${freed}. Hágalo solo si el banco no la procesó.`

/** 'Motivo' of an annulment, required by the server (no browser bubble: its message is the server's). */
export function AnnulReasonField({ defaultValue = '' }: { defaultValue?: string }) {
  return (
    <label className="flex w-full flex-col gap-1 text-left text-sm font-medium text-slate-700">
      <span>
        Motivo<span className="text-red-700"> *</span>
      </span>
      <textarea
        name="reason"
        rows={3}
        maxLength={200}
        defaultValue={defaultValue}
        className="w-full rounded border border-slate-300 px-3 py-2 text-sm font-normal shadow-sm"
      />
    </label>
  )
}

/** The annulment's form: the refusal, if any, the reason, the way out (`cancel`) and 'Anular orden'. */
function AnnulFields({ error, reason, cancel }: { error?: string; reason?: string; cancel: ReactNode }) {
  return (
    <>
      {error ? (
        <p role="alert" className="w-full rounded bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <AnnulReasonField defaultValue={reason} />
      {cancel}
      <button type="submit" className={buttonClass('danger')}>
        Anular orden
      </button>
    </>
  )
}

/**
 * 'Anular' on an open order: a link to the confirmation page, so it works without JavaScript; with
 * it, the same question opens as a dialog and a refusal (no reason) shows inside it.
 */
export function AnnulOrderAction({
  href,
  orderId,
  freed = FREES_LINES,
}: {
  /** The confirmation page (`annulHref` for a payroll's order). */
  href: string
  orderId: number
  /** What annulling frees, as the question says it. */
  freed?: string
}) {
  const fetcher = useFetcher<{ error?: string }>()
  const [open, setOpen] = useState(false)
  const error = fetcher.state === 'idle' ? fetcher.data?.error : undefined
  return (
    <DialogLink
      to={href}
      className="font-medium text-primary-dark underline"
      label="Anular"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      title={<>Anular la orden de pago N° {orderId}</>}
    >
      <p className="mt-2 text-slate-700">{question(freed)}</p>
      <fetcher.Form method="post" action={href} className="mt-4 flex flex-wrap justify-end gap-2">
        <AnnulFields
          error={error}
          cancel={
            <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(false)}>
              Cancelar
            </button>
          }
        />
      </fetcher.Form>
    </DialogLink>
  )
}

/**
 * The no-JavaScript confirmation page of an annulment (with JavaScript the list opens the same
 * question as a dialog): the order (`summary`: its format, date, amount), what annulling frees, and
 * a refusal with the reason as typed.
 */
export function AnnulOrderPage({
  orderId,
  summary,
  freed,
  back,
  refused,
}: {
  orderId: number
  summary: string
  freed: string
  back: string
  refused: { error?: string; reason?: string } | undefined
}) {
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="annul-title"
    >
      <h1 id="annul-title" className="text-xl font-semibold">
        Anular la orden de pago N° {orderId}
      </h1>
      <p className="mt-2 text-slate-700">{`${summary} ${question(freed)}`}</p>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-2">
        <AnnulFields
          error={refused?.error}
          reason={refused?.reason}
          cancel={
            <Link to={back} className={buttonClass('secondary')}>
              Cancelar
            </Link>
          }
        />
      </Form>
    </section>
  )
}
