import {
  enumLabel,
  formatCount,
  formatMoney,
  identifierType,
  type NextPaymentFile,
  type PaymentAccountOption,
} from '@planillas/domain'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { controlClass } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { buttonClass } from '~/components/ui/button'

/** What the clerk typed, as posted: shown again after a refusal so nothing is lost. */
export type OrderFormValues = {
  companyAccountId: string
  format: string
  paymentDate: string
  reference: string
  confirmReplace: boolean
  /** A payroll's file: the clerk ticked leaving the OBSERVADO lines out, sending the rejected ones again. */
  confirmObserved?: boolean
  confirmResend?: boolean
}

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700'

const defaultAccountLabel = (a: PaymentAccountOption) =>
  `${a.companyName} · ${a.bankCode} · ${a.account} (${a.currency})`

/** Every problem the API listed (or the form's own), with nothing generated (`nothing`: what was not). */
export function OrderErrors({ errors, nothing }: { errors: string[]; nothing: string }) {
  if (!errors.length) return null
  return (
    <section
      role="alert"
      aria-labelledby="errors-title"
      className="rounded border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h2 id="errors-title" className="font-semibold">
        Errores: {formatCount(errors.length)}
      </h2>
      <p>No se generó {nothing}. Corrija lo siguiente y vuelva a intentarlo:</p>
      <ul className="mt-2 list-disc pl-5">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The lines are already in an open order: which, what another order would do (`risk`), and the
 * tick that confirms the new one (`replacement`: 'este archivo', 'esta orden') replaces it.
 */
export function ReplaceOrderNotice({
  orderId,
  heading,
  risk,
  replacement,
  confirmed,
}: {
  orderId: number
  heading: string
  risk: string
  replacement: string
  confirmed: boolean
}) {
  return (
    <section
      // A new open order is a new question: a tick given for the previous one never carries over.
      key={orderId}
      aria-labelledby="resend-title"
      className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id="resend-title" className="font-semibold">
        {heading} {orderId}
      </h2>
      <p>{risk} Si el banco no procesó esa orden, anúlela; si debe reemplazarla, confírmelo:</p>
      <input type="hidden" name="replacesOrderId" value={orderId} />
      <label className="mt-2 flex items-start gap-2 font-medium">
        <input type="checkbox" name="confirmReplace" defaultChecked={confirmed} className="mt-1" />
        Confirmo que {replacement} reemplaza la orden N° {orderId} (quedará REEMPLAZADO)
      </label>
    </section>
  )
}

type ListedLines = NextPaymentFile['observed']

/**
 * Lines the next file treats apart, listed for the clerk to confirm: the OBSERVADO ones it leaves
 * out, or the ones the bank rejected that it sends again. The tick posts `name` with the list's
 * digest, so a confirmation given for one list never covers another (the API checks it).
 */
export function LinesConfirmNotice({
  name,
  list,
  heading,
  intro,
  tick,
  confirmed,
}: {
  name: 'confirmObserved' | 'confirmResend'
  list: ListedLines
  heading: string
  intro: string
  tick: string
  confirmed: boolean
}) {
  if (!list.count || !list.digest) return null
  const titleId = `${name}-title`
  return (
    <section
      key={list.digest}
      aria-labelledby={titleId}
      className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id={titleId} className="font-semibold">
        {heading}
      </h2>
      <p>{intro}</p>
      <ul className="mt-2 flex flex-col gap-1" aria-label={heading}>
        {list.lines.map((l) => (
          <li key={l.id}>
            {`Fila ${l.rowNumber} · ${enumLabel(identifierType, l.identifierType)} ${l.identifier} · ${l.fullName} · ${formatMoney(l.amount)}: ${l.reason}`}
            {l.orderId ? ` (orden N° ${l.orderId})` : ''}
          </li>
        ))}
      </ul>
      {list.count > list.lines.length ? (
        <p className="mt-1">{`… y ${formatCount(list.count - list.lines.length)} más (véalas en el detalle de la planilla).`}</p>
      ) : null}
      <input type="hidden" name={`${name}Digest`} value={list.digest} />
      <label className="mt-2 flex items-start gap-2 font-medium">
        <input type="checkbox" name={name} defaultChecked={confirmed} className="mt-1" />
        {tick}
      </label>
    </section>
  )
}

/**
 * A payment order's form, whatever its lines are (a payroll's, the vouchers ticked in `lines`):
 * 'Datos del pago', the open order it would replace (`replaces`, a `ReplaceOrderNotice`), and
 * the submit. No browser validation (`noValidate`): the server's Spanish messages are the ones
 * shown, with and without JavaScript.
 */
export function PaymentOrderForm({
  lines,
  accounts,
  formats,
  values,
  replaces,
  backTo,
  submitLabel,
  busy,
  accountLabel = defaultAccountLabel,
  accountHelp,
}: {
  lines?: ReactNode
  accounts: PaymentAccountOption[]
  /** How an account is offered (a supplier run says which currency it pays). */
  accountLabel?: (account: PaymentAccountOption) => string
  /** A line under the account's select, read with it. */
  accountHelp?: string
  formats: { code: string; label: string }[]
  values: OrderFormValues
  replaces?: ReactNode
  /** A 'Volver' beside the submit, where the form has somewhere to go back to. */
  backTo?: string
  submitLabel: string
  busy: boolean
}) {
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      {lines}
      <FormCard title="Datos del pago">
        <div className="flex flex-col gap-1">
          <label className={labelClass}>
            Cuenta de cargo
            <select
              name="companyAccountId"
              className={controlClass}
              defaultValue={values.companyAccountId}
              aria-describedby={accountHelp ? 'account-help' : undefined}
            >
              <option value="">Seleccione</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </select>
          </label>
          {/* Outside the label: the help describes the select, it is not its name. */}
          {accountHelp ? (
            <p id="account-help" className="text-xs text-slate-600">
              {accountHelp}
            </p>
          ) : null}
        </div>
        <label className={labelClass}>
          Formato del banco
          <select name="format" className={controlClass} defaultValue={values.format}>
            {formats.map((f) => (
              <option key={f.code} value={f.code}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Fecha de pago
          <input
            name="paymentDate"
            defaultValue={values.paymentDate}
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            className={controlClass}
          />
        </label>
        <label className={labelClass}>
          Referencia
          <input
            type="text"
            name="reference"
            maxLength={40}
            defaultValue={values.reference}
            className={controlClass}
          />
        </label>
      </FormCard>
      {replaces}
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-700">
          No hay cuentas de cargo: regístrelas en la sección 'Cuentas de la empresa' del detalle de la
          empresa.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {backTo ? (
          <Link to={backTo} className={buttonClass('secondary')}>
            Volver
          </Link>
        ) : null}
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Generando…' : submitLabel}
        </button>
      </div>
    </Form>
  )
}
