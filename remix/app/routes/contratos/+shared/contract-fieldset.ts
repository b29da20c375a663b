import type { ContractFormInput } from '@planillas/domain'
import type { useSchemaForm } from '~/components/form/use-schema-form'

/** The form's values as the page holds them: text, except the family allowance's switch. */
export type ContractFormValues = Record<
  Exclude<keyof ContractFormInput, 'familyAllowance'>,
  string | undefined
> & {
  familyAllowance?: boolean | string
}
/** The form's fields, as the contract form hands them to its sections. */
export type ContractFieldset = ReturnType<typeof useSchemaForm<ContractFormValues>>['fields']
