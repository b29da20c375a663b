import type { ConstanciaImportSchema } from '@planillas/domain'
import { formatCents, formatCount, SUNAT_CONSTANCIA_HEADER } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { data, Link, useActionData, useNavigation } from 'react-router'
import type { z } from 'zod'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { forwardUpload } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Importar constancias de detracción')

type ImportResult = z.infer<typeof ConstanciaImportSchema>
type ImportAnswer = { ok: true; result: ImportResult; messages: string[] } | { ok: false; messages: string[] }

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  return null
}

/**
 * SUNAT's export of constancias goes to the API as it arrives; its answer (the rows matched and recorded,
 * the others with their reason) is shown on this page, with or without JavaScript. A malformed
 * file comes back refused whole, with its rows' problems.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_pagar')
  const answer = await forwardUpload<ImportResult>(request, '/detractions/constancias')
  return answer.ok
    ? data<ImportAnswer>({ ok: true, result: answer.payload, messages: answer.messages })
    : data<ImportAnswer>({ ok: false, messages: answer.messages }, { status: answer.status })
}

const cell = 'px-3 py-2 align-top'
const head = 'px-3 py-2 text-left font-semibold text-slate-700'

/** 'Importar constancias': SUNAT's CSV of deposited detracciones, matched to the vouchers. */
export default function ImportConstancias() {
  const answer = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const result = answer?.ok ? answer.result : undefined
  return (
    <FormPage title="Importar constancias de detracción">
      <FormNote>
        Cargue el archivo que descarga de SUNAT Operaciones en Línea, en «Consulta de constancias de
        depósito», tal como lo descarga (o guardado desde Excel como CSV). Se lee por los nombres de su
        encabezado, en cualquier orden, separado por «|», «;», coma o tabulación. Cada fila se empareja con un
        comprobante por R.U.C. del proveedor, tipo, serie y número de comprobante, y su monto con la
        detracción del comprobante; las que coinciden quedan depositadas con su constancia y fecha de pago.
      </FormNote>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-800">Columnas del archivo de SUNAT</summary>
        <p className="mt-2">
          El archivo trae estas {SUNAT_CONSTANCIA_HEADER.length} columnas; se usan «Numero Constancia», «RUC
          Proveedor», «Fecha Pago» (DD/MM/AAAA), «Monto Deposito» (soles con punto decimal, p. ej. 1250.00),
          «Tipo de Comprobante» (01 factura), «Serie de Comprobante» y «Numero de Comprobante», que deben
          estar; «Periodo Tributario» y «Tipo Bien» se leen si están.
        </p>
        <ol className="mt-2 list-decimal pl-6">
          {SUNAT_CONSTANCIA_HEADER.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ol>
      </details>
      <UploadForm
        errors={answer && !answer.ok ? answer.messages : []}
        cancelTo="/pagos/detracciones"
        busy={busy}
      >
        <UploadInput
          name="file"
          type="file"
          label="Archivo de constancias (.csv o .txt)"
          required
          wide
          accept=".csv,.txt,text/csv,text/plain"
          help="Hasta 2 MB y 100,000 líneas. Si una fila está mal formada no se registra ninguna."
        />
      </UploadForm>
      {result ? <ImportOutcome result={result} /> : null}
    </FormPage>
  )
}

function ImportOutcome({ result }: { result: ImportResult }) {
  const { matched, unmatched, matchedCount, unmatchedCount } = result
  return (
    <section
      aria-labelledby="import-result"
      className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="import-result" className="text-lg font-semibold">
        Resultado de la importación
      </h2>
      <p role="status" className="text-sm text-slate-800">
        Depósitos registrados: <strong>{formatCount(matchedCount)}</strong>. Filas sin registrar:{' '}
        <strong>{formatCount(unmatchedCount)}</strong>.
      </p>
      {matchedCount > matched.length || unmatchedCount > unmatched.length ? (
        <p className="text-sm text-slate-700">
          Las tablas muestran solo las primeras filas de cada lista; los totales son los de arriba.
        </p>
      ) : null}
      {matched.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-semibold">Detracciones depositadas</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={head}>
                  Fila
                </th>
                <th scope="col" className={head}>
                  Comprobante
                </th>
                <th scope="col" className={head}>
                  Constancia
                </th>
              </tr>
            </thead>
            <tbody>
              {matched.map((m) => (
                <tr key={m.rowNumber} className="border-t border-slate-200">
                  <td className={cell}>{m.rowNumber}</td>
                  <td className={cell}>
                    <Link to={`/pagos/${m.voucherId}/detalle`} className="text-primary-dark underline">
                      {m.voucher}
                    </Link>
                  </td>
                  <td className={`${cell} break-all`}>{m.constancia}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {unmatched.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-semibold">Filas sin registrar</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={head}>
                  Fila
                </th>
                <th scope="col" className={head}>
                  Constancia y comprobante
                </th>
                <th scope="col" className={head}>
                  Motivo
                </th>
              </tr>
            </thead>
            <tbody>
              {unmatched.map((u) => (
                <tr key={u.rowNumber} className="border-t border-slate-200">
                  <td className={cell}>{u.rowNumber}</td>
                  <td className={`${cell} break-words`}>
                    <span className="block break-all">{u.constancia}</span>
                    <span className="block text-slate-600">
                      {u.supplierRuc} · {u.voucher} · {formatCents(u.amountCents)}
                    </span>
                  </td>
                  <td className={cell}>{u.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Link to="/pagos/detracciones" className="self-start text-sm font-medium text-primary-dark underline">
        Volver a Detracciones
      </Link>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
