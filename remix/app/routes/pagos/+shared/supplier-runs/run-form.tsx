import {
  formatCents,
  formatCount,
  formatCurrencyCents,
  formatDate,
  type PaymentAccountOption,
  RUN_DETRACTION_WARNING,
  type RunDetractionWarning,
  type SupplierRunCandidate,
} from '@planillas/domain'
import { type FormEvent, useState } from 'react'
import { Form, Link } from 'react-router'
import { controlClass } from '~/components/form/fields'
import { buttonClass } from '~/components/ui/button'
import {
  type OrderFormValues,
  PaymentOrderForm,
  ReplaceOrderNotice,
} from '~/screens/payment-orders/order-form'

/** What the clerk chose and typed, as posted: shown again after a refusal so nothing is lost. */
export type RunFormValues = OrderFormValues & { voucherIds: number[] }

/** The one format of a supplier run: the Excel of transfers by CCI. */
const RUN_FORMATS = [{ code: 'CCI', label: 'Transferencias interbancarias por CCI (.xlsx)' }]

/** A debit account as a run offers it: the currency it pays in (docs/decisions/usd-vouchers.md). */
const runAccountLabel = (a: PaymentAccountOption) =>
  `${a.companyName} · ${a.bankCode} · ${a.account} · paga en ${a.currency === 'USD' ? 'dólares (USD)' : 'soles (PEN)'}`

export const RUN_CURRENCY_HELP =
  'Una orden paga en la moneda de su cuenta de cargo: desde una cuenta en soles, los comprobantes en soles; desde una en dólares, los comprobantes en dólares (el Excel de transferencias dice USD y sus montos están en dólares). La retención del IGV de un comprobante en dólares se calcula en soles al tipo de cambio SBS (venta) de la fecha de pago.'

/** The filters of the candidates, as the address carries them (a GET form). */
export type RunFilterValues = { supplierId: string; expenseLineId: string; dueTo: string }

type Option = { id: number; label: string }

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700'

/** 'Filtrar': supplier, due date up to, línea de gasto; a GET form, so it works without JavaScript. */
export function RunFilters({
  values,
  suppliers,
  expenseLines,
  error,
}: {
  values: RunFilterValues
  suppliers: Option[]
  expenseLines: Option[]
  error?: string
}) {
  return (
    <Form
      method="get"
      className="rounded border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="Filtros"
    >
      <div className="grid grid-cols-1 gap-3 md:grid-cols-4 md:items-end">
        <label className={labelClass}>
          Proveedor
          <select name="supplierId" defaultValue={values.supplierId} className={controlClass}>
            <option value="">Todos</option>
            {suppliers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Vencen hasta
          <input
            name="dueTo"
            defaultValue={values.dueTo}
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            className={controlClass}
          />
        </label>
        <label className={labelClass}>
          Línea de gasto
          <select name="expenseLineId" defaultValue={values.expenseLineId} className={controlClass}>
            <option value="">Todas</option>
            {expenseLines.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('secondary')}>
            Filtrar
          </button>
          <Link to="/pagos/generar" className={buttonClass('secondary')}>
            Limpiar
          </Link>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  )
}

/**
 * One APROBADO voucher to tick: a single checkbox per voucher (a row on a wide screen, a card on a
 * phone, the same element), so what is posted is exactly what the clerk sees ticked.
 */
function CandidateRow({ voucher, checked }: { voucher: SupplierRunCandidate; checked: boolean }) {
  const deductions = voucher.detractionCents + voucher.retentionCents
  return (
    <li className="rounded border border-slate-200 bg-white shadow-sm lg:rounded-none lg:border-0 lg:border-b lg:shadow-none">
      <label className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 gap-y-1 px-4 py-3 text-sm lg:grid-cols-[auto_2fr_1fr_1fr_1fr_1fr_1fr] lg:items-center">
        <input
          type="checkbox"
          name="voucherIds"
          value={voucher.id}
          defaultChecked={checked}
          className="mt-1 h-4 w-4 lg:mt-0"
        />
        <span className="flex flex-col">
          <span className="font-semibold">{voucher.supplierName}</span>
          <span className="text-xs text-slate-600">{`R.U.C. ${voucher.supplierRuc} · ${voucher.companyName}`}</span>
        </span>
        <span className="col-start-2 lg:col-start-auto">
          {voucher.fullNumber}
          <span className="block text-xs text-slate-600">{voucher.expenseLine}</span>
        </span>
        <span className="col-start-2 lg:col-start-auto">
          <span className="lg:sr-only">Vence: </span>
          {formatDate(voucher.dueDate)}
        </span>
        <span className="col-start-2 lg:col-start-auto lg:text-right">
          <span className="lg:sr-only">Total: </span>
          {formatCurrencyCents(voucher.currency, voucher.totalCents)}
        </span>
        <span className="col-start-2 lg:col-start-auto lg:text-right">
          <span className="lg:sr-only">Detracción y retención: </span>
          {deductions ? `− ${formatCents(deductions)}` : '---'}
        </span>
        <span className="col-start-2 lg:col-start-auto lg:text-right">
          <span className="font-semibold">
            <span className="lg:sr-only">Neto aprobado: </span>
            {formatCurrencyCents(voucher.currency, voucher.netCents)}
          </span>
          {voucher.openRunId ? (
            <span className="block text-xs font-medium text-amber-800">
              En la orden N° {voucher.openRunId}
            </span>
          ) : null}
        </span>
      </label>
    </li>
  )
}

/**
 * The vouchers whose detracción is not deposited: paying their supplier makes the payment day the
 * deadline when it comes first. A warning, not a block. It names the ticked ones; none ticked
 * (the page as loaded, or without JavaScript before a first post), every such voucher listed.
 */
function DetractionWarning({
  warnings,
  ticked,
}: {
  warnings: RunDetractionWarning[]
  ticked: ReadonlySet<number>
}) {
  const shown = ticked.size ? warnings.filter((w) => ticked.has(w.voucherId)) : warnings
  if (!shown.length) return null
  return (
    <section
      aria-labelledby="run-detraction-warning"
      aria-live="polite"
      className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id="run-detraction-warning" className="font-semibold">
        {RUN_DETRACTION_WARNING}
      </h2>
      <p className="mt-1">
        {ticked.size
          ? 'Esta orden paga comprobantes con la detracción por depositar: si el pago llega antes del plazo, la detracción vence el día del pago.'
          : 'Estos comprobantes de la lista tienen la detracción por depositar: si la orden los paga antes del plazo, la detracción vence el día del pago.'}
      </p>
      <ul className="mt-2 flex flex-col gap-0.5">
        {shown.map((w) => (
          <li key={w.voucherId}>
            {`${w.fullNumber} (${w.supplierName}): detracción ${formatCents(w.detractionCents)}, vence el ${formatDate(w.dueOn)}`}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * 'Generar orden de pago': the vouchers to pay, then the payment order's form (debit account, date
 * and reference). When ticked vouchers are already in an open run, the form says which and asks to
 * confirm that the new run replaces it.
 */
export function SupplierRunForm({
  candidates,
  truncated,
  detractionWarnings,
  accounts,
  values,
  busy,
}: {
  candidates: SupplierRunCandidate[]
  truncated: boolean
  detractionWarnings: RunDetractionWarning[]
  accounts: PaymentAccountOption[]
  values: RunFormValues
  busy: boolean
}) {
  const chosen = new Set(values.voucherIds)
  // What is ticked now (with JavaScript); the server's HTML starts from what was posted.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(chosen)
  const onTick = (event: FormEvent<HTMLFieldSetElement>) => {
    const box = event.target as HTMLInputElement
    if (box.name !== 'voucherIds') return
    const next = new Set(ticked)
    if (box.checked) next.add(Number(box.value))
    else next.delete(Number(box.value))
    setTicked(next)
  }
  const openRuns = [
    ...new Set(candidates.filter((c) => chosen.has(c.id) && c.openRunId).map((c) => c.openRunId as number)),
  ]
  return (
    <PaymentOrderForm
      lines={
        <fieldset className="rounded border border-slate-200 bg-white shadow-sm" onChange={onTick}>
          <legend className="px-5 pt-4 text-base font-semibold text-primary-dark">
            Comprobantes APROBADOS ({formatCount(candidates.length)})
          </legend>
          {candidates.length ? (
            <>
              <div
                aria-hidden="true"
                className="hidden grid-cols-[auto_2fr_1fr_1fr_1fr_1fr_1fr] gap-x-3 border-b border-slate-200 bg-slate-100 px-4 py-2 text-xs font-semibold text-slate-700 lg:grid"
              >
                <span className="w-4" />
                <span>Proveedor</span>
                <span>Comprobante</span>
                <span>Vencimiento</span>
                <span className="text-right">Total</span>
                <span className="text-right">Detracción y retención</span>
                <span className="text-right">Neto aprobado</span>
              </div>
              <ul className="flex flex-col gap-2 p-2 lg:gap-0 lg:p-0">
                {candidates.map((c) => (
                  <CandidateRow key={c.id} voucher={c} checked={chosen.has(c.id)} />
                ))}
              </ul>
            </>
          ) : (
            <p className="px-5 py-6 text-sm text-slate-600">
              No hay comprobantes APROBADOS con estos filtros.
            </p>
          )}
          {truncated ? (
            <p className="px-5 pb-3 text-sm text-slate-700">
              Se muestran los {formatCount(candidates.length)} que vencen primero: use los filtros para ver
              los demás.
            </p>
          ) : null}
          <p className="px-5 pb-4 text-xs text-slate-600">
            La retención se recalcula sobre los comprobantes que se pagan juntos a cada proveedor; cada
            proveedor recibe una sola transferencia por su neto.
          </p>
        </fieldset>
      }
      accounts={accounts}
      accountLabel={runAccountLabel}
      accountHelp={RUN_CURRENCY_HELP}
      formats={RUN_FORMATS}
      values={values}
      replaces={
        <>
          <DetractionWarning warnings={detractionWarnings} ticked={ticked} />
          {openRuns.length === 1 ? (
            <ReplaceOrderNotice
              orderId={openRuns[0]}
              heading="Comprobantes ya enviados al banco en la orden N°"
              risk="Otra orden pagaría los mismos comprobantes otra vez."
              replacement="esta orden"
              confirmed={values.confirmReplace}
            />
          ) : null}
        </>
      }
      submitLabel="Generar orden de pago"
      busy={busy}
    />
  )
}
