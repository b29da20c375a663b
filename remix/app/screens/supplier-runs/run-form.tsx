import {
  formatCount,
  formatDate,
  formatMoney,
  type PaymentAccountOption,
  type SupplierRunCandidate,
} from '@planillas/domain'
import { Form, Link } from '@remix-run/react'
import { controlClass } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { buttonClass } from '~/components/ui/button'

/** What the clerk chose and typed, as posted: shown again after a refusal so nothing is lost. */
export type RunFormValues = {
  voucherIds: number[]
  companyAccountId: string
  paymentDate: string
  reference: string
  confirmReplace: boolean
}

/** The filters of the candidates, as the address carries them (a GET form). */
export type RunFilterValues = { supplierId: string; expenseLineId: string; dueTo: string }

type Option = { id: number; label: string }

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700'
const soles = (cents: number) => formatMoney(cents / 100)

/** Every problem the API listed (or the form's own), with nothing generated. */
export function RunErrors({ errors }: { errors: string[] }) {
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
      <p>No se generó la orden de pago. Corrija lo siguiente y vuelva a intentarlo:</p>
      <ul className="mt-2 list-disc pl-5">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </section>
  )
}

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
          {soles(voucher.totalCents)}
        </span>
        <span className="col-start-2 lg:col-start-auto lg:text-right">
          <span className="lg:sr-only">Detracción y retención: </span>
          {deductions ? `− ${soles(deductions)}` : '---'}
        </span>
        <span className="col-start-2 lg:col-start-auto lg:text-right">
          <span className="font-semibold">
            <span className="lg:sr-only">Neto aprobado: </span>
            {soles(voucher.netCents)}
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
 * 'Generar orden de pago': the vouchers to pay, the debit account, date and reference. No browser
 * validation (`noValidate`): the server's Spanish messages are the ones shown, with and without
 * JavaScript. When ticked vouchers are already in an open run, the form says which and asks to
 * confirm that the new run replaces it.
 */
export function SupplierRunForm({
  candidates,
  truncated,
  accounts,
  values,
  busy,
}: {
  candidates: SupplierRunCandidate[]
  truncated: boolean
  accounts: PaymentAccountOption[]
  values: RunFormValues
  busy: boolean
}) {
  const chosen = new Set(values.voucherIds)
  const openRuns = [
    ...new Set(candidates.filter((c) => chosen.has(c.id) && c.openRunId).map((c) => c.openRunId as number)),
  ]
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      <fieldset className="rounded border border-slate-200 bg-white shadow-sm">
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
          <p className="px-5 py-6 text-sm text-slate-600">No hay comprobantes APROBADOS con estos filtros.</p>
        )}
        {truncated ? (
          <p className="px-5 pb-3 text-sm text-slate-700">
            Se muestran los {formatCount(candidates.length)} que vencen primero: use los filtros para ver los
            demás.
          </p>
        ) : null}
        <p className="px-5 pb-4 text-xs text-slate-600">
          La retención se recalcula sobre los comprobantes que se pagan juntos a cada proveedor; cada
          proveedor recibe una sola transferencia por su neto.
        </p>
      </fieldset>
      <FormCard title="Datos del pago">
        <label className={labelClass}>
          Cuenta de cargo
          <select name="companyAccountId" className={controlClass} defaultValue={values.companyAccountId}>
            <option value="">Seleccione</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.companyName} · ${a.bankCode} · ${a.account} (${a.currency})`}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Formato del banco
          <select name="format" className={controlClass} defaultValue="CCI">
            <option value="CCI">Transferencias interbancarias por CCI (.xlsx)</option>
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
      {openRuns.length === 1 ? (
        <section
          key={openRuns[0]}
          aria-labelledby="resend-title"
          className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <h2 id="resend-title" className="font-semibold">
            Comprobantes ya enviados al banco en la orden N° {openRuns[0]}
          </h2>
          <p>
            Otra orden pagaría los mismos comprobantes otra vez. Si el banco no procesó esa orden, anúlela; si
            debe reemplazarla, confírmelo:
          </p>
          <input type="hidden" name="replacesOrderId" value={openRuns[0]} />
          <label className="mt-2 flex items-start gap-2 font-medium">
            <input
              type="checkbox"
              name="confirmReplace"
              defaultChecked={values.confirmReplace}
              className="mt-1"
            />
            Confirmo que esta orden reemplaza la orden N° {openRuns[0]} (quedará REEMPLAZADO)
          </label>
        </section>
      ) : null}
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-700">
          No hay cuentas de cargo: regístrelas en la sección 'Cuentas de la empresa' del detalle de la
          empresa.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Generando…' : 'Generar orden de pago'}
        </button>
      </div>
    </Form>
  )
}
