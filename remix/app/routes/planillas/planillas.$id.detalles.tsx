import {
  CONCEPT_KIND,
  can,
  conceptKindLabel,
  enumLabel,
  formatCents,
  formatCount,
  formatDate,
  formatMoney,
  identifierType,
  LINE_STATE,
  lineState,
  type PayrollLineDetail,
  payrollType,
  periodLabel,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { Form, Link, useLoaderData, useSearchParams } from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { COLUMN } from '~/components/list/column'
import { DataTable } from '~/components/list/data-table'
import { KeepParams } from '~/components/list/keep-params'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { ProgressBar } from '~/components/ui/progress-bar'
import { idParam } from '~/form.server'
import { dropEmptyParams } from '~/list.server'
import { orBackToList } from '~/record.server'
import { DeclarationFilesForm } from '~/routes/planillas/+shared/declaration-files'
import { paidFilter } from '~/routes/planillas/+shared/paid-filter'
import { BOLETA_INTENTS, BoletaCell, PayrollBoletasCard } from '~/screens/boletas/payroll-boletas'
import { redirectWithToast } from '~/session.server'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Detalle de planilla')

export async function loader({ request, params }: LoaderFunctionArgs) {
  dropEmptyParams(request)
  const { user } = await requirePermission(request, 'planillas_lista')
  const url = new URL(request.url)
  const list = readListParams(url.searchParams)
  const id = idParam(params.id)
  const [payroll, lines] = await orBackToList(request, '/planillas', () =>
    Promise.all([
      call(request, 'GET /payroll/:id', { params: { id } }),
      call(request, 'POST /payroll/:id/lines', {
        params: { id },
        body: { search: list.search, paid: paidFilter(url.searchParams) },
        query: apiPageQuery(list),
      }),
    ]),
  )
  // How each line of this page was paid, or why it is still pending.
  const statuses = lines.content.length
    ? await call(request, 'GET /payment-batches/line-status', {
        query: { payrollId: id, lineIds: lines.content.map((l) => l.id) },
      })
    : []
  const byLine = Object.fromEntries(statuses.map((s) => [s.lineId, s]))
  // The boletas: the payroll's totals and jobs, and each line's delivery on this page.
  const [boletas, boletaLines] = await Promise.all([
    call(request, 'GET /payroll/:id/boletas', { params: { id } }),
    lines.content.length
      ? call(request, 'GET /payroll/:id/boletas/lines', {
          params: { id },
          query: { lineIds: lines.content.map((l) => l.id) },
        })
      : Promise.resolve([]),
  ])
  const boletaByLine = Object.fromEntries(boletaLines.map((b) => [b.lineId, b]))
  const canDownload = can(user.roles, 'planillas_descarga_excel')
  // The declaring company names PLAME's files (its RUC): chosen beside the downloads.
  const companies = canDownload ? await call(request, 'GET /companies') : []
  return {
    companies,
    declarationHref: canDownload ? `/planillas/${id}/declaracion` : undefined,
    payroll,
    lines,
    list,
    boletas,
    rows: lines.content.map((line) => ({
      ...line,
      payment: byLine[line.id] ?? null,
      boleta: boletaByLine[line.id],
    })),
    canConfirm: can(user.roles, 'planillas_edicion'),
    payHref: can(user.roles, 'planillas_pago') ? `/planillas/${id}/pago` : undefined,
    downloadHref: can(user.roles, 'planillas_descarga_excel')
      ? `/planillas/${id}/descargar${url.search}`
      : undefined,
  }
}

/** 'Confirmar' on a line flagged for review: a plain form post, with or without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_edicion')
  const id = idParam(params.id)
  const form = await request.formData()
  const back = `/planillas/${id}/detalles${new URL(request.url).search}`
  try {
    const intent = form.get('intent')
    if (intent === BOLETA_INTENTS.zip || intent === BOLETA_INTENTS.email) {
      const kind = intent === BOLETA_INTENTS.zip ? 1 : 2
      await call(request, 'POST /payroll/:id/boletas/runs', { params: { id }, body: { kind } })
      const message =
        kind === 1
          ? 'Se están preparando las boletas: el ZIP estará listo en unos momentos'
          : 'Se están enviando las boletas por correo'
      return redirectWithToast(request, back, { type: 'success', message })
    }
    if (intent === BOLETA_INTENTS.delivered) {
      const lineId = Number(form.get('lineId'))
      await call(request, 'POST /payroll/:id/lines/:lineId/boleta/delivery', {
        params: { id, lineId: Number.isInteger(lineId) && lineId > 0 ? lineId : 0 },
      })
      return redirectWithToast(request, back, { type: 'success', message: 'Entrega de la boleta registrada' })
    }
    if (intent === 'confirm-selected') {
      const ids = form
        .getAll('lineIds')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
      const done = await call(request, 'POST /payroll/:id/lines/confirm', { params: { id }, body: { ids } })
      const message =
        done.ids.length === 1
          ? 'Línea confirmada: ya puede abonarse'
          : `${done.ids.length} líneas confirmadas: ya pueden abonarse`
      return redirectWithToast(request, back, { type: 'success', message })
    }
    const lineId = Number(form.get('lineId'))
    await call(request, 'POST /payroll/:id/lines/:lineId/confirm', { params: { id, lineId } })
  } catch (error) {
    if (error instanceof ApiError)
      return redirectWithToast(request, back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  return redirectWithToast(request, back, { type: 'success', message: 'Línea confirmada: ya puede abonarse' })
}

/** The form the observed lines' checkboxes belong to (HTML's `form` attribute: no nesting, no JavaScript). */
const BULK_CONFIRM_FORM = 'confirmar-seleccionadas'

const STATE_TONE = { 1: 'amber', 2: 'blue', 3: 'green', 4: 'red' } as const

/** One payroll: its totals, then every line with whether the bank has paid it and the proof. */
export default function PayrollDetails() {
  const {
    payroll,
    lines,
    list,
    rows,
    boletas,
    downloadHref,
    canConfirm,
    payHref,
    companies,
    declarationHref,
  } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const paid = searchParams.get('paid') ?? ''
  return (
    <FormPage title={`Planilla ${payroll.code}`} wide>
      <DetailCard
        title={payroll.name}
        items={[
          { label: 'Código', value: payroll.code },
          { label: 'Periodo', value: periodLabel(payroll.period) },
          { label: 'Tipo', value: enumLabel(payrollType, payroll.type) },
          { label: 'Colaboradores', value: formatCount(payroll.collaborators) },
          { label: 'Monto Total a Pagar', value: formatMoney(payroll.totalAmount) },
          { label: 'Abonados', value: formatCount(payroll.paid) },
          { label: 'Total Pagado', value: formatMoney(payroll.totalPaid) },
          { label: 'Progreso', value: <ProgressBar value={payroll.progress} /> },
        ]}
      />
      <PayrollBoletasCard payrollId={payroll.id} boletas={boletas} canSend={canConfirm} />
      {declarationHref ? <DeclarationFiles action={declarationHref} companies={companies} /> : null}
      <section aria-labelledby="lines-title" className="flex flex-col gap-3">
        <h2 id="lines-title" className="text-lg font-semibold">
          Colaboradores de la planilla
        </h2>
        <LinesToolbar
          paid={paid}
          search={list.search}
          payHref={payHref}
          downloadHref={downloadHref}
          bulkConfirm={canConfirm && rows.some((r) => r.state === LINE_STATE.OBSERVED)}
        />
        <DataTable
          caption="Líneas de la planilla"
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            // Widths for 1280 px: the name takes what is left, whole; an account stays on one line.
            { header: 'Fila', cell: (r) => r.rowNumber, width: 'w-12' },
            {
              header: 'Documento',
              cell: (r) => `${enumLabel(identifierType, r.identifierType)} ${r.identifier}`,
              mobile: 'title',
              width: 'w-32',
            },
            {
              header: 'Colaborador',
              cell: (r) => r.fullName,
              mobile: 'title',
              fullText: true,
              // Four words of a name in two lines, also on an A4 sheet.
              width: 'w-36',
            },
            {
              header: 'Cuenta',
              cell: (r) => `${r.bankCode} · ${r.bankAccount}`,
              width: 'w-44',
              className: 'whitespace-nowrap tabular-nums',
            },
            {
              header: 'Monto',
              cell: (r) => formatMoney(r.amount),
              width: COLUMN.money,
              className: 'text-right whitespace-nowrap',
            },
            {
              // A line's concepts, days and hours, folded (a phone shows them inside the line's card).
              header: 'Conceptos',
              cell: (r) => <LineConcepts line={r} />,
              width: 'w-28',
              // On paper the lines keep their names and accounts whole: the folded concepts and the
              // boleta's actions are the screen's.
              className: 'print:hidden',
              fullText: true,
            },
            {
              header: 'Estado',
              width: COLUMN.status,
              fullText: true,
              cell: (r) => <LineStateCell line={r} canConfirm={canConfirm} />,
            },
            {
              // The payment in one column: its date, its operation number and its receipt.
              header: 'Abono',
              width: 'w-36',
              fullText: true,
              cell: (r) => <PaymentCell line={r} />,
            },
            {
              header: 'Boleta',
              width: 'w-36',
              className: 'print:hidden',
              fullText: true,
              cell: (r) => (
                <BoletaCell
                  payrollId={payroll.id}
                  lineId={r.id}
                  rowNumber={r.rowNumber}
                  status={r.boleta}
                  canSend={canConfirm}
                />
              ),
            },
          ]}
          totals={{
            Monto: formatMoney(lines.totals.amount),
            // Short: a long total would widen its column and wrap the names (the printed page too).
            Abono: formatMoney(lines.totals.paidAmount),
          }}
        />
        <Pagination page={list.page} size={list.size} of={lines} />
      </section>
      <div className="flex justify-end print:hidden">
        <BackToList to="/planillas" />
      </div>
    </FormPage>
  )
}

/** Above the lines: the payment-state filter, the search, the payment file and the download. */
function LinesToolbar({
  paid,
  search,
  payHref,
  downloadHref,
  bulkConfirm,
}: {
  paid: string
  search?: string
  payHref?: string
  downloadHref?: string
  /** The page has observed lines the user may confirm: the bulk form their checkboxes belong to. */
  bulkConfirm: boolean
}) {
  return (
    <>
      <div className="flex flex-wrap items-start gap-2 print:hidden">
        <Form method="get" className="flex items-center gap-2 text-sm">
          <KeepParams except={['paid', 'page']} />
          <label htmlFor="paid-filter">Estado de pago</label>
          <select
            id="paid-filter"
            name="paid"
            defaultValue={paid}
            className="rounded border border-slate-300 bg-white px-2 py-2"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">Todos</option>
            <option value="true">Abonado</option>
            <option value="false">Pendiente</option>
          </select>
          <noscript>
            <button type="submit" className="rounded border border-slate-300 bg-white px-2 py-2">
              Ver
            </button>
          </noscript>
        </Form>
        <div className="min-w-60 flex-1">
          <SearchBar placeholder="Buscar por documento o nombre" value={search} />
        </div>
        {payHref ? <ButtonLink to={payHref}>Generar archivo de pago</ButtonLink> : null}
        {downloadHref ? (
          <a href={downloadHref} download className={buttonClass('secondary')}>
            Descargar
          </a>
        ) : null}
      </div>
      {bulkConfirm ? (
        <Form
          method="post"
          id={BULK_CONFIRM_FORM}
          className="flex flex-wrap items-center gap-2 text-sm print:hidden"
        >
          <input type="hidden" name="intent" value="confirm-selected" />
          <span className="text-slate-600">Líneas observadas de esta página:</span>
          <button type="submit" className={buttonClass('secondary')}>
            Confirmar las seleccionadas
          </button>
        </Form>
      ) : null}
    </>
  )
}

type Line = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

/** A line's state, why it is observed and, for who may, its confirmation. */
function LineStateCell({ line, canConfirm }: { line: Line; canConfirm: boolean }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={STATE_TONE[line.state as keyof typeof STATE_TONE] ?? 'amber'}>
        {enumLabel(lineState, line.state)}
      </Badge>
      {line.reviewReasons.map((reason) => (
        <span key={reason} className="text-xs text-slate-600">
          {reason}
        </span>
      ))}
      {line.reviewConfirmedBy ? (
        <span className="text-xs text-slate-600">Confirmada por {line.reviewConfirmedBy}</span>
      ) : null}
      {!line.payment?.paid && line.payment?.pendingReason ? (
        <span className="text-xs text-slate-600">{line.payment.pendingReason}</span>
      ) : null}
      {canConfirm && line.state === LINE_STATE.OBSERVED ? (
        <label className="flex items-center gap-1 text-sm print:hidden">
          {/* Belongs to the 'Confirmar las seleccionadas' form above the table. */}
          <input type="checkbox" name="lineIds" value={line.id} form={BULK_CONFIRM_FORM} />
          Seleccionar
        </label>
      ) : null}
      {canConfirm && line.state === LINE_STATE.OBSERVED ? (
        <Form method="post">
          <input type="hidden" name="lineId" value={line.id} />
          <button
            type="submit"
            className="rounded px-2 py-1 text-sm font-medium text-primary-dark underline hover:bg-primary-light"
            aria-label={`Confirmar la línea de la fila ${line.rowNumber}`}
          >
            Confirmar
          </button>
        </Form>
      ) : null}
    </span>
  )
}

/** The payment in one cell: its date, its operation number and its receipt. */
function PaymentCell({ line }: { line: Line }) {
  return line.payment?.paymentDate ? (
    <span className="flex flex-col items-start gap-0.5">
      <span className="whitespace-nowrap tabular-nums">{formatDate(line.payment.paymentDate)}</span>
      {line.payment.operationNumber ? (
        <span className="text-xs text-slate-600">N° de operación {line.payment.operationNumber}</span>
      ) : null}
      {line.payment.receiptId && line.payment.batchId ? (
        <a
          href={`/planillas/abonos/${line.payment.batchId}/constancias/${line.payment.receiptId}`}
          className="font-medium text-primary-dark underline"
        >
          Ver constancia
        </a>
      ) : null}
    </span>
  ) : (
    '---'
  )
}

/** Minutes as hours and minutes ('192 h 30 min'). */
const hoursText = (minutes: number | null) =>
  minutes === null ? '---' : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`

/**
 * A line's concepts (PLAME table 22), days, hours and pension data, folded under its name: a
 * `<details>` element opens and closes without JavaScript. Nothing for a line of an old file.
 */
function LineConcepts({ line }: { line: PayrollLineDetail }) {
  const hasExtras =
    line.concepts.length > 0 ||
    line.daysWorked !== null ||
    line.ordinaryMinutes !== null ||
    line.pensionSystem !== null
  if (!hasExtras) return '---'
  const sum = (kind: number) =>
    line.concepts.filter((c) => c.kind === kind).reduce((a, c) => a + c.amountCents, 0)
  return (
    <details className="w-full text-sm">
      <summary className="cursor-pointer font-medium text-primary-dark underline">
        {line.concepts.length ? `Conceptos (${line.concepts.length})` : 'Jornada'}
        <span className="sr-only"> de la fila {line.rowNumber}</span>
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        {line.concepts.length ? (
          // A list, not a table: it wraps inside a phone's card as well as in the desktop column.
          <ul aria-label={`Conceptos de la fila ${line.rowNumber}`} className="flex flex-col gap-1 text-xs">
            {line.concepts.map((c) => (
              <li key={c.code} className="break-words">
                <span className="tabular-nums">{c.code}</span> {c.description}
                <span className="flex flex-wrap justify-between gap-x-2 text-slate-600">
                  <span>{conceptKindLabel[c.kind] ?? ''}</span>
                  <span className="tabular-nums text-slate-900">{formatCents(c.amountCents)}</span>
                </span>
              </li>
            ))}
            <li className="flex flex-wrap justify-between gap-x-2 border-t border-slate-200 pt-1 font-medium">
              <span>Neto (ingresos menos descuentos)</span>
              <span className="tabular-nums">
                {formatCents(sum(CONCEPT_KIND.INCOME) - sum(CONCEPT_KIND.DEDUCTION))}
              </span>
            </li>
          </ul>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
          <dt className="text-slate-600">Días laborados</dt>
          <dd>{line.daysWorked ?? '---'}</dd>
          <dt className="text-slate-600">Horas ordinarias</dt>
          <dd>{hoursText(line.ordinaryMinutes)}</dd>
          <dt className="text-slate-600">Sobretiempo</dt>
          <dd>{hoursText(line.overtimeMinutes)}</dd>
          <dt className="text-slate-600">Régimen pensionario</dt>
          <dd>{line.pensionSystem ?? '---'}</dd>
          {line.cuspp ? (
            <>
              <dt className="text-slate-600">CUSPP</dt>
              <dd>{line.cuspp}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </details>
  )
}

/** 'Archivos para declarar' from this payroll alone (a company's whole month: /planillas/declaracion). */
function DeclarationFiles({
  action,
  companies,
}: {
  action: string
  companies: { id: number; name: string; ruc: string }[]
}) {
  return (
    <section aria-labelledby="declaration-title" className="flex flex-col gap-2 print:hidden">
      <h2 id="declaration-title" className="text-lg font-semibold">
        Archivos para declarar
      </h2>
      <p className="text-sm text-slate-700">
        Desde los conceptos de la planilla (tabla 22 de PLAME): el PDT PLAME (.rem con ingresos, descuentos y
        aportes; .jor con las horas) y la hoja de carga de AFPnet. Cada línea se revisa antes de generar el
        archivo. Si la empresa paga el mes en varias planillas, declárelo una sola vez en{' '}
        <Link to="/planillas/declaracion" className="text-primary-dark underline">
          Declarar un mes
        </Link>
        .
      </p>
      <p className="text-sm text-slate-700">
        Al cargar la planilla, el aporte obligatorio (0608), la comisión (0601) y la prima de seguro (0606) de
        cada fila con AFP y tipo de comisión se comparan con las tasas AFP registradas para el periodo. Si no
        hay tasas de esa AFP para el periodo, o la fila no indica su AFP, no se comprueban; la hoja de AFPnet
        solo exige que el 0608 sea el 10 % de la remuneración asegurable.
      </p>
      <DeclarationFilesForm action={action} companies={companies} />
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
