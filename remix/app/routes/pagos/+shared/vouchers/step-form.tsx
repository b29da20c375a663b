import { FormProvider, getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { z } from 'zod'
import { FormErrors } from '~/components/form/form-layout'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { buttonClass } from '~/components/ui/button'
import type { FormLike, FormResult } from '~/components/ui/page-dialog'
import { BACK_PARAM } from './step-data'

/** What a refused step answers: conform's reply, the messages beside their fields and what was typed. */
export type StepResult = FormResult

/** What a step's form is given, on its page (`Form`) or in its dialog (`fetcher.Form`). */
export type StepFormProps<D> = {
  data: D
  result?: StepResult
  FormComponent?: FormLike
  action?: string
  busy?: boolean
  cancel: ReactNode
}

/** A step form's values as the form holds them: text by field name. */
export type StepValues = Record<string, string | null | undefined>

/** A step form's fields as conform gives them, each with its messages and what was typed. */
export type StepFieldset = ReturnType<typeof useSchemaForm<StepValues>>['fields']

/** What a step form's fields are drawn from: conform's fields. */
export type StepFieldsOf = { fields: StepFieldset }

type FrameProps = StepFormProps<{ problem: string | null; back: string }> & {
  /** The step's shared schema (the API's own), which checks the form in the browser as on the server. */
  schema: z.ZodType
  defaultValue?: StepValues
  /** Fields conform would mark required although they may be left empty (`useSchemaForm`'s `optional`). */
  optional?: string[]
  encType?: 'multipart/form-data'
  summary: ReactNode
  submit: { label: string; variant: 'primary' | 'danger' }
  children: (form: StepFieldsOf) => ReactNode
}

/**
 * The frame of a voucher's step form (a step, a detracción's deposit): opened for a voucher that has
 * moved on (`data.problem`: another tab, someone else), why and no form; else the form with the
 * voucher (`summary`), the errors not of a field, the way back, its fields (`children`, given
 * conform's fields) and its button.
 */
export function StepFormFrame(props: FrameProps) {
  const { problem } = props.data
  if (problem && !props.result)
    return (
      <div className="mt-4 flex flex-col gap-4">
        <FormErrors errors={[problem]} />
        <div className="flex justify-end">{props.cancel}</div>
      </div>
    )
  return <StepSchemaForm {...props} />
}

/**
 * The step's conform form. Its answer is the one its page or dialog hands it (`result`): a dialog posts
 * through a fetcher to the step's page, so the route's own action data is not where it comes. The
 * form's id is the same for every step, so that its fields keep their ids (`step-period`…).
 */
function StepSchemaForm({
  data: { back },
  result,
  FormComponent = Form as FormLike,
  action,
  busy,
  cancel,
  schema,
  defaultValue,
  optional,
  encType,
  summary,
  submit,
  children,
}: FrameProps) {
  const { form, fields } = useSchemaForm<StepValues>(schema, {
    id: 'step',
    defaultValue,
    optional,
    lastResult: result?.result ?? null,
  })
  return (
    <FormProvider context={form.context}>
      <FormComponent
        method="post"
        action={action}
        encType={encType}
        {...getFormProps(form)}
        className="mt-4 flex flex-col gap-4"
      >
        <p className="text-sm text-slate-700">{summary}</p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name={BACK_PARAM} value={back} />
        {children({ fields })}
        <div className="flex flex-wrap justify-end gap-2">
          {cancel}
          <button type="submit" className={buttonClass(submit.variant)} disabled={busy}>
            {submit.label}
          </button>
        </div>
      </FormComponent>
    </FormProvider>
  )
}
