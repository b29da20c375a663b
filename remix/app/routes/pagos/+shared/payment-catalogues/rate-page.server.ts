import { todayInLima } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import type { z } from 'zod'
import { requirePermission } from '~/auth.server'
import { saveForm } from '~/form.server'
import { datedHistory } from './rates.server'

type Options<S extends z.ZodType, Row extends { validFrom: string }> = {
  /** The screen's own address: a saved row comes back to it. */
  path: string
  /** The schema the form checks and the API reads the new row with. */
  schema: S
  /** Every row of the table, as the API answers them. */
  rows: (request: Request) => Promise<Row[]>
  /** The series a row belongs to (catalogue 54: its code); one series unless said. */
  seriesOf?: (row: Row) => string
  /** Posts the new row; its id. */
  save: (request: Request, value: z.output<S>) => Promise<number>
  /** The API's refusals that belong beside a field. */
  fieldOfMessage: Record<string, string>
}

/**
 * Loader and action of a dated table's screen (`pagos_catalogos`): every row with where it stands
 * today, and a new row valid from a date (the API keeps the older ones).
 */
export function ratePageRoute<S extends z.ZodType, Row extends { validFrom: string }>(
  options: Options<S, Row>,
) {
  return {
    loader: async ({ request }: LoaderFunctionArgs) => {
      await requirePermission(request, 'pagos_catalogos')
      return { rows: datedHistory(await options.rows(request), todayInLima(), options.seriesOf) }
    },
    action: async ({ request }: ActionFunctionArgs) => {
      await requirePermission(request, 'pagos_catalogos')
      return saveForm(request, await request.formData(), {
        schema: options.schema,
        save: (value) => options.save(request, value),
        successTo: () => options.path,
        fieldOfMessage: options.fieldOfMessage,
      })
    },
  }
}
