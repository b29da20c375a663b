import { formatDate, formatMoney, type PaymentAccountOption, type PaymentOrderRow } from '@planillas/domain'
import { Form, Link } from '@remix-run/react'
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
}

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700'

/**
 * 'Generar archivo de pago'. No browser validation (`noValidate`): the server's Spanish messages
 * are the ones shown, with and without JavaScript. When the payroll's lines are already in an open
 * order, the form says which and asks to confirm that the new file replaces it.
 */
export function PaymentOrderForm({
  payrollId,
  accounts,
  formats,
  openOrder,
  values,
  busy,
}: {
  payrollId: number
  accounts: PaymentAccountOption[]
  formats: { code: string; label: string }[]
  openOrder: PaymentOrderRow | undefined
  values: OrderFormValues
  busy: boolean
}) {
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
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
      {openOrder ? (
        <section
          // A new open order is a new question: a tick given for the previous one never carries over.
          key={openOrder.id}
          aria-labelledby="resend-title"
          className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <h2 id="resend-title" className="font-semibold">
            Esta planilla ya se envió al banco en la orden N° {openOrder.id}
          </h2>
          <p>
            {`${openOrder.format}, pago del ${formatDate(openOrder.paymentDate)}, ${formatMoney(openOrder.totalAmount)}, generada por ${openOrder.createdBy ?? '---'}. `}
            Otro archivo pagaría las mismas líneas otra vez. Si el banco no procesó esa orden, anúlela; si
            debe reemplazarla, confírmelo:
          </p>
          <input type="hidden" name="replacesOrderId" value={openOrder.id} />
          <label className="mt-2 flex items-start gap-2 font-medium">
            <input
              type="checkbox"
              name="confirmReplace"
              defaultChecked={values.confirmReplace}
              className="mt-1"
            />
            Confirmo que este archivo reemplaza la orden N° {openOrder.id} (quedará REEMPLAZADO)
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
        <Link to={`/planillas/${payrollId}/detalles`} className={buttonClass('secondary')}>
          Volver
        </Link>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? 'Generando…' : 'Generar archivo'}
        </button>
      </div>
    </Form>
  )
}
