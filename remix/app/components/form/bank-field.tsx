import type { FieldMetadata } from '@conform-to/react'
import type { Option } from '@planillas/domain'
import { SelectField, TextField } from './fields'

/** 'Banco': the one bank picker of every form, over `bankOptions` (remix/app/bank-options.server.ts). */
export function BankField({
  meta,
  options,
}: {
  meta: FieldMetadata<string | null | undefined>
  options: Option[]
}) {
  return <SelectField meta={meta} label="Banco" required options={options} />
}

type AccountMeta = FieldMetadata<string | null | undefined>

/** 'Número de cuenta': the account at the bank, digits only (up to 20). */
export function AccountNumberField({ meta }: { meta: AccountMeta }) {
  return (
    <TextField
      meta={meta}
      label="Número de cuenta"
      required
      inputMode="numeric"
      maxLength={20}
      autoComplete="off"
    />
  )
}

/** 'CCI': the interbank account (20 digits, the bank's code first), optional. */
export function InterbankAccountField({ meta }: { meta: AccountMeta }) {
  return (
    <TextField
      meta={meta}
      label="CCI"
      inputMode="numeric"
      maxLength={20}
      autoComplete="off"
      help="20 dígitos; empieza con el código del banco."
    />
  )
}
