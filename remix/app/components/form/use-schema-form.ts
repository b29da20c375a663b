import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import { withIsoDates } from '~/utils/date-fields'
import { useFocusFirstError } from './form-layout'

/**
 * A conform form driven by the shared zod schema (the same one the API validates with). It
 * validates on submit first and then as the user corrects each field: validating on blur moves
 * the buttons under the pointer as messages appear, and a click on 'Guardar' gets lost.
 */
export function useSchemaForm<Fields extends Record<string, unknown>>(
  schema: z.ZodType,
  options: { id: string; defaultValue?: DefaultValue<Fields> },
) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>()
  const navigation = useNavigation()
  const lastResult = navigation.state === 'idle' ? actionData?.result : null
  const [form, fields] = useForm<Fields, unknown, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) =>
      parseWithZod(withIsoDates(formData), { schema: schema as z.ZodType<Fields> }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  useFocusFirstError(form.id, actionData?.result)
  return { form, fields, busy: navigation.state === 'submitting' }
}
