import type { SireReconciliation } from '@planillas/domain'
import {
  formatCount,
  formatDate,
  monthsSoFar,
  SIRE_EXCLUDED_TYPES,
  SIRE_PROPOSAL_HEADER,
  sireAmountText,
  sireOutcome,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { data, useActionData, useLoaderData, useNavigation, useSubmit } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { controlClass, FieldShell } from '~/components/form/fields'
import { UploadErrors } from '~/components/form/upload-errors'
import { UploadInput } from '~/components/form/upload-form'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { forwardUpload } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Conciliación SIRE')

const PERMISSION = 'pagos_descarga_excel'

type Answer =
  | { ok: true; result: SireReconciliation; messages: string[] }
  | { ok: false; messages: string[]; fields: Record<string, string> }

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, PERMISSION)
  const companies = await call(request, 'GET /companies')
  // The last closed month: the one whose proposal SUNAT has made.
  const [current, last] = monthsSoFar(new Date(), 2)
  return {
    companies: companies.map((c) => ({ value: String(c.id), label: `${c.name} (${c.ruc})` })),
    period: last ?? current,
  }
}

/**
 * 'Conciliar': the form goes to the API as it arrives (nothing is stored); its answer, the counts
 * and the first lines, is shown on this page, with or without JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, PERMISSION)
  const answer = await forwardUpload<SireReconciliation>(request, '/sire/reconciliations')
  return answer.ok
    ? data<Answer>({ ok: true, result: answer.payload, messages: answer.messages })
    : data<Answer>({ ok: false, messages: answer.messages, fields: answer.fields }, { status: answer.status })
}

/**
 * 'Conciliación SIRE': SUNAT's proposal of the company's Registro de Compras for a period against
 * the vouchers registered. 'Conciliar' shows the result here; 'Descargar Excel' posts the same form
 * to the download (a plain form post, so the browser saves the file with or without JavaScript).
 */
export default function SireReconciliationPage() {
  const { companies, period } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const submit = useSubmit()
  const result = answer?.ok ? answer.result : undefined
  const typed = answer && !answer.ok ? answer.fields : {}
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Conciliación SIRE
      </h1>
      <p className="text-sm text-slate-700">
        Compare la propuesta del Registro de Compras que SUNAT arma en SIRE con los comprobantes registrados
        de la empresa. Descárguela de SIRE en SUNAT Operaciones en Línea como CSV y cárguela tal como la
        descarga. Cada comprobante se empareja por R.U.C. del proveedor, tipo, serie y número, y se comparan
        el total, el IGV, la fecha de emisión y la moneda. Los recibos por honorarios y los documentos de no
        domiciliados (tipos {SIRE_EXCLUDED_TYPES.join(', ')}) no están en el registro y no se comparan. No se
        guarda nada.
      </p>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-800">Columnas de la propuesta</summary>
        <p className="mt-2">
          Se leen por el nombre de su encabezado, en cualquier orden. Deben estar «Fecha de emisión»
          (D/M/AAAA), «Tipo CP/Doc.», «Serie del CDP», «Nro CP o Doc. Nro Inicial (Rango)», «Nro Doc
          Identidad», «IGV / IPM DG», «IGV / IPM DGNG», «IGV / IPM DNG», «Total CP» (con punto decimal) y
          «Moneda»; «CAR SUNAT» se lee si está. El formato viene de una sola fuente pública, no de SUNAT: si
          su archivo no se lee, repórtelo.
        </p>
        <ol className="mt-2 list-decimal pl-6">
          {SIRE_PROPOSAL_HEADER.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ol>
      </details>
      <UploadErrors errors={answer && !answer.ok ? answer.messages : []} />
      <form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter
          // The Excel is a download: the browser posts the form itself and saves the file.
          if (submitter?.getAttribute('value') === 'xlsx') return
          event.preventDefault()
          submit(event.currentTarget, { method: 'post', encType: 'multipart/form-data' })
        }}
      >
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <FieldShell id="companyId" label="Empresa" required errorId="companyId-error">
            <select
              id="companyId"
              name="companyId"
              required
              defaultValue={typed.companyId ?? (companies.length === 1 ? companies[0].value : '')}
              className={controlClass}
            >
              <option value="">Seleccione…</option>
              {companies.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </FieldShell>
          <UploadInput
            name="period"
            type="text"
            label="Periodo (AAAAMM)"
            required
            inputMode="numeric"
            pattern="\d{6}"
            maxLength={6}
            defaultValue={typed.period ?? period}
            help="El mes de la propuesta, p. ej. 202611."
          />
          <UploadInput
            name="file"
            type="file"
            label="Propuesta del Registro de Compras (.csv)"
            required
            wide
            accept=".csv,.txt,text/csv,text/plain"
            help="Hasta 30 MB y 100,000 líneas. Si una fila está mal formada no se concilia nada."
          />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <button type="submit" name="format" value="json" className={buttonClass('primary')} disabled={busy}>
            {busy ? 'Conciliando…' : 'Conciliar'}
          </button>
          <button
            type="submit"
            name="format"
            value="xlsx"
            formAction="/pagos/sire/excel"
            className={buttonClass('secondary')}
          >
            Descargar Excel
          </button>
        </div>
      </form>
      {result ? <Outcome result={result} /> : null}
    </section>
  )
}

const cell = 'px-3 py-2 align-top'

/** One side of a line: its issue date, total and IGV. */
function SireAmounts({ side }: { side: NonNullable<SireReconciliation['lines'][number]['sunat']> }) {
  return (
    <>
      <span className="block whitespace-nowrap">{formatDate(side.issueDate)}</span>
      <span className="block whitespace-nowrap">Total {sireAmountText(side.currency, side.totalCents)}</span>
      <span className="block whitespace-nowrap text-slate-600">
        IGV {sireAmountText(side.currency, side.igvCents)}
      </span>
    </>
  )
}
const head = 'px-3 py-2 text-left font-semibold text-slate-700'

function Outcome({ result }: { result: SireReconciliation }) {
  const { counts, lines, total } = result
  const tiles = [
    ['coincide', counts.coincide],
    ['difiere', counts.difiere],
    ['sunat', counts.sunat],
    ['registrado', counts.registrado],
  ] as const
  return (
    <section
      aria-labelledby="sire-result"
      className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="sire-result" className="text-lg font-semibold">
        Resultado del periodo {result.period.slice(4)}/{result.period.slice(0, 4)}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="sire-counts">
        {tiles.map(([outcome, n]) => (
          <div key={outcome} className="rounded border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{sireOutcome[outcome]}</dt>
            <dd className="text-xl font-semibold">{formatCount(n)}</dd>
          </div>
        ))}
      </dl>
      {counts.excluded ? (
        <p className="text-sm text-slate-700">
          Filas de la propuesta no comparadas (recibos por honorarios o no domiciliados):{' '}
          {formatCount(counts.excluded)}.
        </p>
      ) : null}
      {total > lines.length ? (
        <p className="text-sm text-slate-700">
          La tabla muestra las primeras {formatCount(lines.length)} de {formatCount(total)} líneas; el Excel
          las trae todas.
        </p>
      ) : null}
      {lines.length ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">Comprobantes conciliados</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={head}>
                  Resultado
                </th>
                <th scope="col" className={head}>
                  Comprobante
                </th>
                <th scope="col" className={head}>
                  SUNAT
                </th>
                <th scope="col" className={head}>
                  Registrado
                </th>
                <th scope="col" className={head}>
                  Motivo
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr
                  key={`${l.outcome}-${l.rowNumber ?? ''}-${l.voucherId ?? ''}`}
                  className="border-t border-slate-200"
                >
                  <td className={`${cell} whitespace-nowrap font-medium`}>{sireOutcome[l.outcome]}</td>
                  <td className={`${cell} break-words`}>
                    <span className="block">
                      {l.type} {l.voucher}
                    </span>
                    <span className="block text-slate-600">
                      {l.supplierId} · {l.supplierName}
                    </span>
                    {l.rowNumber ? <span className="block text-slate-600">Fila {l.rowNumber}</span> : null}
                  </td>
                  <td className={cell}>{l.sunat ? <SireAmounts side={l.sunat} /> : '---'}</td>
                  <td className={cell}>{l.registered ? <SireAmounts side={l.registered} /> : '---'}</td>
                  <td className={cell}>{l.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
