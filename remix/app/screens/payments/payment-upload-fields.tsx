import {
  countOf,
  dayMonthYear,
  PAYMENT_LIMITS,
  REPEATED_ABONOS_CONFIRM,
  REPEATED_ABONOS_PREFIX,
} from '@planillas/domain'
import { type ReactNode, useState } from 'react'
import { PDF_ACCEPT } from '~/components/form/fields'
import { ConfirmRepeatedUpload, UploadInput, XLSX_ACCEPT } from '~/components/form/upload-form'

/**
 * The fields every 'Cargar abonos' form shares, after the one that names what was paid (`children`:
 * the payroll, or the supplier payment run): the date of payment, a description, the Excel of
 * payments (with its template) and the PDF receipts. `fields` is what was typed, kept after a refusal;
 * once the API said the Excel repeats an earlier batch (`messages`), the box that confirms it.
 */
export function PaymentUploadFields({
  fields,
  messages,
  description,
  template,
  children,
}: {
  fields: Record<string, string>
  messages: string[]
  description: { name: string; label: string }
  template: { href: string; label: string }
  children: ReactNode
}) {
  const [receipts, setReceipts] = useState<string[]>([])
  const repeated =
    messages.some((m) => m.startsWith(REPEATED_ABONOS_PREFIX)) || fields.confirmDuplicate === 'on'
  return (
    <>
      {children}
      <UploadInput
        name="paymentDate"
        label="Fecha de abono"
        required
        help="DD/MM/AAAA, no posterior a hoy."
        placeholder="DD/MM/AAAA"
        inputMode="numeric"
        maxLength={10}
        defaultValue={dayMonthYear(fields.paymentDate)}
      />
      <UploadInput
        name={description.name}
        label={description.label}
        wide
        defaultValue={fields[description.name]}
        maxLength={PAYMENT_LIMITS.payrollDescMax}
      />
      <UploadInput
        name="file"
        type="file"
        label="Excel de abonos (.xlsx)"
        required
        accept={XLSX_ACCEPT}
        help={
          <>
            Un archivo de hasta 20 MB con las columnas de la{' '}
            <a href={template.href} download className="font-medium text-primary-dark underline">
              {template.label}
            </a>
            .
          </>
        }
      />
      {repeated ? (
        <ConfirmRepeatedUpload fields={fields}>{REPEATED_ABONOS_CONFIRM}</ConfirmRepeatedUpload>
      ) : null}
      <UploadInput
        name="records"
        type="file"
        label="Constancias (.pdf)"
        accept={PDF_ACCEPT}
        multiple
        onChange={(event) => setReceipts(Array.from(event.currentTarget.files ?? [], (f) => f.name))}
        help={
          <span aria-live="polite">
            {receipts.length
              ? countOf(receipts.length, 'constancia seleccionada', 'constancias seleccionadas')
              : 'Cero o más archivos PDF de hasta 10 MB cada uno.'}
          </span>
        }
      />
    </>
  )
}
