import { useFormMetadata } from '@conform-to/react'
import type { EmployeeView as EmployeeDetail, Option } from '@planillas/domain'
import {
  accountType,
  CCI_ACCOUNT_MESSAGES,
  checkCciAccount,
  FORM_ACCOUNT_TYPES,
  formatDateTime,
} from '@planillas/domain'
import { AccountNumberField, BankField, InterbankAccountField } from '~/components/form/bank-field'
import { FieldShell, ReadOnlyField, SelectField, TextField } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { SwitchField } from '~/components/form/switch-field'
import type { EmployeeFieldset } from './employee-fieldset'

const accountOptions = FORM_ACCOUNT_TYPES.map((t) => ({ value: String(t), label: accountType[t].label }))
const BANK_KEYS = ['bankId', 'bankAccount', 'accountType', 'bankInterAccount', 'detractionAccount'] as const

const stamp = (who: string, at: string | Date | null | undefined) =>
  `${who}${at ? ` (${formatDateTime(at)})` : ''}`

/** Who last changed the stored bank data, with when; null when nobody did since it is recorded. */
export const changedByText = (e: EmployeeDetail | null) =>
  e?.bankDataChangedBy ? stamp(e.bankDataChangedBy, e.bankDataChangedAt) : null

/**
 * Who confirmed the bank data, as the server will record it (four eyes, docs/domain.md):
 * the stored verifier while the data stay as confirmed; bank data typed or changed now wait for
 * another user; the one who changed them cannot confirm them; anyone else is recorded on saving.
 */
export function verifierText(
  values: Record<string, unknown> | undefined,
  employee: EmployeeDetail | null,
  userEmail: string,
) {
  const on = values?.bankAccountVerified === 'on' || values?.bankAccountVerified === true
  const unchanged =
    employee !== null && BANK_KEYS.every((k) => String(values?.[k] ?? '') === String(employee?.[k] ?? ''))
  if (!unchanged) return PENDING_OTHER_USER
  if (employee?.bankAccountVerified && employee.bankAccountVerifiedBy) {
    return on ? stamp(employee.bankAccountVerifiedBy, employee.bankAccountVerifiedAt) : '---'
  }
  if (!on) return employee?.bankDataChangedBy ? PENDING_OTHER_USER : '---'
  if (employee?.bankDataChangedBy === userEmail)
    return 'Usted modificó estos datos: debe confirmarlos otro usuario'
  return `${userEmail} (se registrará al guardar)`
}

export const PENDING_OTHER_USER = 'Pendiente: otro usuario debe confirmar los datos bancarios'

/** Where no confirmed rule ties the CCI to the account, a word that a person must check the pair. */
export function cciAccountNote(values: {
  bankId?: unknown
  bankAccount?: unknown
  bankInterAccount?: unknown
}) {
  const [bank, account, cci] = [values.bankId, values.bankAccount, values.bankInterAccount].map((v) =>
    String(v ?? ''),
  )
  if (!bank || !account || !/^\d{20}$/.test(cci)) return null
  return checkCciAccount(bank, account, cci) === 'unverified' ? CCI_ACCOUNT_MESSAGES.unverified : null
}

/** What the bank section copies from the rest of the form, read by the form itself as it changes. */
export type BankCopies = {
  identifierType: string
  identifier: string
  holder: string
  verifiedBy: string
  changedBy: string | null
  cciNote: string | null
}

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
      <BankField meta={fields.bankId} options={banks} />
      <SelectField meta={fields.accountType} label="Tipo de cuenta" required options={accountOptions} />
      <AccountNumberField meta={fields.bankAccount} />
      <InterbankAccountField meta={fields.bankInterAccount} />
      {copies.cciNote ? (
        <p data-testid="cci-account-note" className="text-sm text-amber-800 md:col-span-2">
          {copies.cciNote}
        </p>
      ) : null}
      <TextField
        meta={fields.detractionAccount}
        label="Cuenta de detracción"
        inputMode="numeric"
        maxLength={20}
        autoComplete="off"
      />
      <SwitchField meta={fields.bankAccountVerified} label="Datos bancarios confirmados" />
      <ReadOnlyField id="bank-changed-by" label="Modificado por" value={copies.changedBy ?? '---'} />
      <ReadOnlyField id="bank-verified-by" label="Confirmado por" value={copies.verifiedBy} />
    </FormCard>
  )
}
