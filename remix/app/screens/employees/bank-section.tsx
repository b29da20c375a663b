import { useFormMetadata } from '@conform-to/react'
import type { EmployeeView as EmployeeDetail } from '@planillas/domain'
import { accountType, FORM_ACCOUNT_TYPES, formatDateTime } from '@planillas/domain'
import { FieldShell, ReadOnlyField, SelectField, TextField } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { SwitchField } from '~/components/form/switch-field'
import type { EmployeeFieldset } from './employee-form'
import type { Option } from './types'

const accountOptions = FORM_ACCOUNT_TYPES.map((t) => ({ value: String(t), label: accountType[t].label }))
const BANK_KEYS = ['bankId', 'bankAccount', 'accountType', 'bankInterAccount', 'detractionAccount'] as const

/**
 * Who confirmed the bank data, as the server will record it: the stored verifier while the data stay
 * as confirmed; the signed-in user when the switch turns on or the data change.
 */
export function verifierText(
  values: Record<string, unknown> | undefined,
  employee: EmployeeDetail | null,
  userEmail: string,
) {
  const on = values?.bankAccountVerified === 'on' || values?.bankAccountVerified === true
  if (!on) return '---'
  const unchanged = BANK_KEYS.every((k) => String(values?.[k] ?? '') === String(employee?.[k] ?? ''))
  if (employee?.bankAccountVerified && employee.bankAccountVerifiedBy && unchanged) {
    const at = employee.bankAccountVerifiedAt ? ` (${formatDateTime(employee.bankAccountVerifiedAt)})` : ''
    return `${employee.bankAccountVerifiedBy}${at}`
  }
  return `${userEmail} (se registrará al guardar)`
}

/** What the bank section copies from the rest of the form, read by the form itself as it changes. */
export type BankCopies = { identifierType: string; identifier: string; holder: string; verifiedBy: string }

/** Bank data: read-only copies of the document and names, the account, and the confirmation switch. */
export function BankSection({
  fields,
  banks,
  copies,
}: {
  fields: EmployeeFieldset
  banks: Option[]
  copies: BankCopies
}) {
  const form = useFormMetadata()
  const holderErrors = form.allErrors.bankHolder
  return (
    <FormCard title="Datos bancarios">
      <ReadOnlyField id="bank-identifier-type" label="Tipo de documento" value={copies.identifierType} />
      <ReadOnlyField id="bank-identifier" label="Número de documento" value={copies.identifier} />
      <FieldShell
        id="bank-holder"
        label="Titular de la cuenta"
        errors={holderErrors}
        errorId="bank-holder-error"
      >
        <input
          id="bank-holder"
          value={copies.holder}
          readOnly
          aria-invalid={holderErrors?.length ? true : undefined}
          aria-describedby={holderErrors?.length ? 'bank-holder-error' : undefined}
          className="w-full rounded border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-600 shadow-sm"
        />
      </FieldShell>
      <SelectField meta={fields.bankId} label="Banco" required options={banks} />
      <SelectField meta={fields.accountType} label="Tipo de cuenta" required options={accountOptions} />
      <TextField
        meta={fields.bankAccount}
        label="Número de cuenta"
        required
        inputMode="numeric"
        maxLength={20}
        autoComplete="off"
      />
      <TextField
        meta={fields.bankInterAccount}
        label="CCI"
        inputMode="numeric"
        maxLength={20}
        autoComplete="off"
        help="20 dígitos; empieza con el código del banco."
      />
      <TextField
        meta={fields.detractionAccount}
        label="Cuenta de detracción"
        inputMode="numeric"
        maxLength={20}
        autoComplete="off"
      />
      <SwitchField meta={fields.bankAccountVerified} label="Datos bancarios confirmados" />
      <ReadOnlyField id="bank-verified-by" label="Confirmado por" value={copies.verifiedBy} />
    </FormCard>
  )
}
