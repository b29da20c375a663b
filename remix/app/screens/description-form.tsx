import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import { TextField } from '~/components/form/fields'
import {
  FormActions,
  FormCard,
  FormErrors,
  FormPage,
  useFocusFirstError,
} from '~/components/form/form-layout'

type LoaderData = { record: { id: number; code: string; description: string } | null }
type ActionData = { result: SubmissionResult<string[]> }

/** The one-field form of a described catalog: 'Nueva área' / 'Editar área', 'Nuevo cargo' / … */
export function DescriptionForm({
  schema,
  titles,
  backTo,
}: {
  schema: z.ZodType<{ description: string }>
  titles: { create: string; edit: string }
  backTo: string
}) {
  const { record } = useLoaderData() as LoaderData
  const actionData = useActionData() as ActionData | undefined
  const navigation = useNavigation()
  const [form, fields] = useForm<{ description: string }, { description: string }, string[]>({
    id: `description-form-${record?.id ?? 'new'}`,
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    defaultValue: { description: record?.description ?? '' },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  useFocusFirstError(form.id, actionData?.result)
  return (
    <FormPage title={record ? titles.edit : titles.create}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormCard title="Datos generales" columns={1}>
          {record ? <p className="text-sm text-slate-600">Código: {record.code}</p> : null}
          <TextField meta={fields.description} label="Descripción" required maxLength={100} />
        </FormCard>
        <FormActions
          backTo={backTo}
          backLabel={record ? 'Volver' : 'Cancelar'}
          busy={navigation.state === 'submitting'}
        />
      </Form>
    </FormPage>
  )
}
