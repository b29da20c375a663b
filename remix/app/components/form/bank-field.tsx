import type { FieldMetadata } from '@conform-to/react'
import { SelectField } from './fields'

type Option = { value: string; label: string }

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
