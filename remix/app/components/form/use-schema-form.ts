import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { withIsoDates } from '~/utils/date-fields'
import { useFocusFirstError } from './form-layout'

/**
 * A conform form driven by the shared zod schema (the same one the API validates with). It
 * validates on submit first and then as the user corrects each field: validating on blur moves
 * the buttons under the pointer as messages appear, and a click on 'Guardar' gets lost.
 */
export function useSchemaForm<Fields extends Record<string, unknown>>(
  schema: z.ZodType,
  options: {
    id: string
    defaultValue?: DefaultValue<Fields>
    /**
     * Fields that may be left empty although the schema's constraints say `required`: conform reads
     * a union (`string | number`) behind `.nullish()` as required, and a browser without JavaScript
     * would then refuse to post the form with it empty.
     */
    optional?: (keyof Fields & string)[]
    /**
     * The `intent` values of buttons that post the form for a step before saving ('Leer XML'): the
     * form goes to the action as it is, unchecked, as it does without JavaScript.
     */
    uncheckedIntents?: string[]
    /**
     * The last post's answer, when the form is not its route's own: a dialog's form posts to another
     * route through a fetcher, so the route's action data is not where its answer comes (`null`:
     * none yet). Left out, the answer is the route's action data.
     */
    lastResult?: SubmissionResult<string[]> | null
  },
) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>()
  const navigation = useNavigation()
  const given = options.lastResult !== undefined
  const lastResult = given ? options.lastResult : navigation.state === 'idle' ? actionData?.result : null
  const [form, fields] = useForm<Fields, unknown, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: withOptional(getZodConstraint(schema), options.optional),
    onValidate: ({ formData }) =>
      options.uncheckedIntents?.includes(String(formData.get('intent') ?? ''))
        ? parseWithZod(formData, { schema: UNCHECKED })
        : parseWithZod(withIsoDates(formData), { schema: schema as z.ZodType<Fields> }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  useFocusFirstError(form.id, given ? options.lastResult : actionData?.result)
  return { form, fields, busy: navigation.state === 'submitting' }
}

/** Accepts any form: a step's post is the action's to check. */
const UNCHECKED = z.object({}).passthrough()

type Constraints = ReturnType<typeof getZodConstraint>

/** The schema's constraints with the named fields not required. */
export function withOptional(constraint: Constraints, optional: readonly string[] = []): Constraints {
  const result = { ...constraint }
  for (const name of optional) result[name] = { ...result[name], required: false }
  return result
}
