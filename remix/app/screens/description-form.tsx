import type { CatalogRow } from '@planillas/domain'
import { useLoaderData } from 'react-router'
import type { z } from 'zod'
import { TextField } from '~/components/form/fields'
import { FormActions, FormCard, FormPage, SchemaForm } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'

type LoaderData = { record: CatalogRow | null }

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
  const { form, fields, busy } = useSchemaForm<{ description: string }>(schema, {
    id: `description-form-${record?.id ?? 'new'}`,
    defaultValue: { description: record?.description ?? '' },
  })
  return (
    <FormPage title={record ? titles.edit : titles.create}>
      <SchemaForm form={form}>
        <FormCard title="Datos generales" columns={1}>
          {record ? <p className="text-sm text-slate-600">Código: {record.code}</p> : null}
          <TextField meta={fields.description} label="Descripción" required maxLength={100} />
        </FormCard>
        <FormActions backTo={backTo} backLabel={record ? 'Volver' : 'Cancelar'} busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}
