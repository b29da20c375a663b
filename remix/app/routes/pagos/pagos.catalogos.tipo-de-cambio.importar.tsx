import { type ExchangeRateImport, formatCount } from '@planillas/domain'
import type { ActionFunctionArgs } from 'react-router'
import { data, Link, useActionData, useNavigation } from 'react-router'
import { guardOnlyLoader, requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput, XLSX_ACCEPT } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { CATALOGUES_PATH } from '~/routes/pagos/+shared/payment-catalogues/rate-page'
import { forwardUpload } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

const BACK = `${CATALOGUES_PATH}/tipo-de-cambio`

export const meta = pageTitle('Importar tipos de cambio')

type ImportAnswer =
  | { ok: true; result: ExchangeRateImport; messages: string[] }
  | { ok: false; messages: string[] }

export const loader = guardOnlyLoader('pagos_catalogos')

/** The file goes to the API as it arrives; its answer is shown here, with or without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_catalogos')
  const answer = await forwardUpload<ExchangeRateImport>(request, '/exchange-rates/import')
  return answer.ok
    ? data<ImportAnswer>({ ok: true, result: answer.payload, messages: answer.messages })
    : data<ImportAnswer>({ ok: false, messages: answer.messages }, { status: answer.status })
}

/** 'Importar tipos de cambio': a CSV or Excel of days and SBS venta rates, all or nothing. */
export default function ImportExchangeRates() {
  const answer = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const result = answer?.ok ? answer.result : undefined
  return (
    <FormPage title="Importar tipos de cambio">
      <FormNote>
        Cargue un CSV (separado por coma, punto y coma o tabulación) o un Excel (.xlsx, su primera hoja) con
        dos columnas: la fecha (DD/MM/AAAA) y el tipo de cambio venta de la SBS de ese día, con hasta 3
        decimales. Una primera fila con títulos se omite. Si una línea tiene un error, se repite un día o un
        día ya registrado tiene otro tipo de cambio, no se guarda ninguna; los días ya registrados con el
        mismo tipo de cambio se dejan como están.
      </FormNote>
      <UploadForm errors={answer && !answer.ok ? answer.messages : []} cancelTo={BACK} busy={busy}>
        <UploadInput
          name="file"
          type="file"
          label="Archivo de tipos de cambio (.csv o .xlsx)"
          required
          wide
          accept={`.csv,text/csv,${XLSX_ACCEPT}`}
          help="Hasta 1 MB."
        />
      </UploadForm>
      {result ? (
        <section
          aria-labelledby="import-result"
          className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="import-result" className="text-lg font-semibold">
            Resultado de la importación
          </h2>
          <p role="status" className="text-sm text-slate-800">
            Días registrados: <strong>{formatCount(result.created)}</strong>. Ya registrados con el mismo tipo
            de cambio: <strong>{formatCount(result.unchanged)}</strong>.
          </p>
          <Link to={BACK} className="self-start text-sm font-medium text-primary-dark underline">
            Volver a Tipo de cambio
          </Link>
        </section>
      ) : null}
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
