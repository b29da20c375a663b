import { type DeclaredTerms, dayMonthYear, formatCents } from '@planillas/domain'
import type { ReactNode } from 'react'

/** 'Código 037, 12 %, S/ 141.60' as the XML wrote it ('---' where it says nothing). */
export function declaredDetractionText(d: NonNullable<DeclaredTerms['detraction']>) {
  return `Código ${d.spotCode ?? '---'}, ${d.percentBp === null ? '---' : `${d.percentBp / 100} %`}, ${formatCents(d.amountCents)}`
}

/**
 * What a supplier's XML declared about its payment (docs/decisions/cpe-xml.md), as label and value
 * pairs: the detracción block (code, percentage, amount, Banco de la Nación account, means of
 * payment), the form of payment and each instalment. The form's 'Leer XML' and the voucher's detail
 * both show it.
 */
export function declaredTermsItems(terms: DeclaredTerms): { label: string; value: ReactNode }[] {
  const d = terms.detraction
  const items: { label: string; value: ReactNode }[] = []
  if (d)
    items.push(
      { label: 'Detracción declarada', value: declaredDetractionText(d) },
      { label: 'Cuenta del Banco de la Nación', value: d.account },
      { label: 'Medio de pago (catálogo 59)', value: d.meansCode },
    )
  if (terms.paymentForm)
    items.push({
      label: 'Forma de pago',
      value: `${terms.paymentForm.kind === 'Credito' ? 'Crédito' : 'Contado'}${
        terms.paymentForm.amountCents === null ? '' : ` por ${formatCents(terms.paymentForm.amountCents)}`
      }`,
    })
  if (terms.instalments.length)
    items.push({
      label: 'Cuotas',
      value: (
        <ul aria-label="Cuotas">
          {terms.instalments.map((i) => (
            <li key={i.label}>
              {i.label.replace('Cuota', 'Cuota ')}: {formatCents(i.amountCents)} al {dayMonthYear(i.dueDate)}
            </li>
          ))}
        </ul>
      ),
    })
  return items
}
