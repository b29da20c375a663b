import { periodOptions } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { redirect, useLoaderData } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormErrors, FormNote, FormPage } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DeclarationFilesForm, MONTH_DECLARATION_PAGE } from '~/routes/planillas/+shared/declaration-files'
import { monthChoice, monthDeclaration } from '~/routes/planillas/+shared/month-declaration.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Declarar un mes')

/**
 * 'Declarar un mes': a company's PLAME .rem and .jor and its AFPnet sheet for a period, from every
 * VIGENTE payroll of the month whose workers it employs (a worker paid in several payrolls is one
 * line). The form is a plain GET to the file's resource route (`planillas.declaracion_.archivo`): the
 * file downloads with or without JavaScript; a refusal comes back here with its reasons and the
 * choice kept.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_descarga_excel')
  const search = new URL(request.url).searchParams
  const page = {
    companies: await call(request, 'GET /companies'),
    periods: periodOptions(),
    chosen: monthChoice(search),
  }
  // Back from a refused download (or a link with a choice): say why, with the choice kept. A file
  // that can be written now goes to its download.
  if (!search.has('archivo')) return { ...page, problems: [] as string[] }
  const result = await monthDeclaration(request, search)
  if ('file' in result) throw redirect(`${MONTH_DECLARATION_PAGE}/archivo?${search}`)
  return { ...page, problems: result.problems }
}

export default function MonthDeclaration() {
  const { companies, periods, chosen, problems } = useLoaderData<typeof loader>()
  return (
    <FormPage title="Declarar un mes">
      <FormNote>
        Los archivos del PDT PLAME (.rem con ingresos, descuentos y aportes; .jor con las horas) y la hoja de
        carga de AFPnet de una empresa y un mes, desde los conceptos de todas sus planillas vigentes del
        periodo: sus trabajadores son los de su contrato vigente en el mes o, sin contrato, los de su ficha.
        Quien cobra en varias planillas del mes va en una sola línea, con cada concepto sumado. Cada línea se
        revisa antes de generar el archivo.
      </FormNote>
      <FormErrors id="declaracion-errores" errors={problems} />
      <DeclarationFilesForm
        action={`${MONTH_DECLARATION_PAGE}/archivo`}
        companies={companies}
        periods={periods}
        chosen={chosen}
      />
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
