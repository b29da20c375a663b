import type { ConstanciaImportSchema } from '@planillas/domain'
import { formatCents, formatCount } from '@planillas/domain'
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
 * SUNAT's monthly CSV goes to the API as it arrives; its answer (the rows matched and recorded,
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
        Cargue el archivo CSV de constancias de depósito que descarga de SUNAT (campos separados por «;»:
        constancia, periodo, R.U.C. del proveedor, fecha de pago, monto, tipo de bien y serie-número). Cada
        fila se empareja con un comprobante por R.U.C., serie-número y monto; las que coinciden quedan
        depositadas.
      </FormNote>
      <UploadForm
        errors={answer && !answer.ok ? answer.messages : []}
        cancelTo="/pagos/detracciones"
        busy={busy}
      >
        <UploadInput
          name="file"
          type="file"
          label="Archivo de constancias (.csv)"
          required
          wide
          accept=".csv,.txt,text/csv,text/plain"
          help="Hasta 2 MB. Si una fila está mal formada no se registra ninguna."
        />
      </UploadForm>
      {result ? <ImportOutcome result={result} /> : null}
    </FormPage>
  )
}

function ImportOutcome({ result }: { result: ImportResult }) {
  const { matched, unmatched } = result
  return (
    <section
      aria-labelledby="import-result"
      className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="import-result" className="text-lg font-semibold">
        Resultado de la importación
      </h2>
      <p role="status" className="text-sm text-slate-800">
        Depósitos registrados: <strong>{formatCount(matched.length)}</strong>. Filas sin comprobante que
        coincida: <strong>{formatCount(unmatched.length)}</strong>.
      </p>
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
