import type { EmployeeFormInput } from '@planillas/domain'
import type { useSchemaForm } from '~/components/form/use-schema-form'

/** The form's values as the page holds them: text, except the confirmation switch. */
export type EmployeeFormValues = Record<
  Exclude<keyof EmployeeFormInput, 'bankAccountVerified'>,
  string | null | undefined
> & {
  bankAccountVerified?: boolean
}
/** The form's fields, as the employee form hands them to its sections (and the hiring form borrows them). */
export type EmployeeFieldset = ReturnType<typeof useSchemaForm<EmployeeFormValues>>['fields']
