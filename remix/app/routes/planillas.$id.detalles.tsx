import {
  enumLabel,
  formatCount,
  formatDate,
  formatMoney,
  identifierType,
  type PageResponse,
  payrollType,
  periodLabel,
} from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useSearchParams } from '@remix-run/react'
import { api } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
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
import { paidFilter } from '~/screens/payroll/paid-filter'
import { apiPageQuery, readListParams } from '~/utils/list-params'
import type { PayrollRow } from './planillas._index'

type Line = {
  id: number
  rowNumber: number
  identifierType: number
  identifier: string
  fullName: string
  bankCode: string
  bankAccount: string
  bankInterAccount: string | null
  amount: number
  paid: boolean
}
type LineStatus = {
  lineId: number
  paid: boolean
  batchId: number | null
  paymentDate: string | null
  operationNumber: string | null
  receiptId: number | null
  receiptName: string | null
  pendingReason: string | null
}

export const meta: MetaFunction = () => [{ title: 'Detalle de planilla | Planillas' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'planillas_lista')
  const id = idParam(params.id)
  const url = new URL(request.url)
  const list = readListParams(url.searchParams)
  const [payroll, lines] = await Promise.all([
    api<PayrollRow>(request, `/payroll/${id}`),
    api<PageResponse<Line>>(request, `/payroll/${id}/lines`, {
      body: { search: list.search, paid: paidFilter(url.searchParams) },
      query: apiPageQuery(list),
    }),
  ])
  // How each line of this page was paid, or why it is still pending.
  const statuses = lines.content.length
    ? await api<LineStatus[]>(request, '/payment-batches/line-status', {
        query: { payrollId: id, lineIds: lines.content.map((l) => l.id) },
      })
    : []
  const byLine = Object.fromEntries(statuses.map((s) => [s.lineId, s]))
  return {
    payroll,
    lines,
    list,
    rows: lines.content.map((line) => ({ ...line, payment: byLine[line.id] ?? null })),
    downloadHref: user.roles.includes('planillas_descarga_excel')
      ? `/planillas/${id}/descargar${url.search}`
      : undefined,
  }
}

/** One payroll: its totals, then every line with whether the bank has paid it and the proof. */
export default function PayrollDetails() {
  const { payroll, lines, list, rows, downloadHref } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const paid = searchParams.get('paid') ?? ''
  return (
    <FormPage title={`Planilla ${payroll.code}`}>
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
      <section aria-labelledby="lines-title" className="flex flex-col gap-3">
        <h2 id="lines-title" className="text-lg font-semibold">
          Colaboradores de la planilla
        </h2>
        <div className="flex flex-wrap items-start gap-2">
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
            <SearchBar placeholder="Buscar por documento o nombre" value={list.search} />
          </div>
          {downloadHref ? (
            <a href={downloadHref} download className={buttonClass('secondary')}>
              Descargar
            </a>
          ) : null}
        </div>
        <DataTable
          caption="Líneas de la planilla"
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { header: 'Fila', cell: (r) => r.rowNumber },
            {
              header: 'Documento',
              cell: (r) => `${enumLabel(identifierType, r.identifierType)} ${r.identifier}`,
              mobile: 'title',
            },
            { header: 'Colaborador', cell: (r) => r.fullName, mobile: 'title' },
            { header: 'Cuenta', cell: (r) => `${r.bankCode} · ${r.bankAccount}` },
            {
              header: 'Monto',
              cell: (r) => formatMoney(r.amount),
              className: 'text-right whitespace-nowrap',
            },
            {
              header: 'Pago',
              cell: (r) =>
                r.payment?.paid ? (
                  <Badge tone="green">ABONADO</Badge>
                ) : (
                  <span className="flex flex-col gap-1">
                    <Badge tone="amber">PENDIENTE</Badge>
                    {r.payment?.pendingReason ? (
                      <span className="text-xs text-slate-600">{r.payment.pendingReason}</span>
                    ) : null}
                  </span>
                ),
            },
            { header: 'Fecha de abono', cell: (r) => formatDate(r.payment?.paymentDate) },
            { header: 'N° de operación', cell: (r) => r.payment?.operationNumber ?? '---' },
            {
              header: 'Constancia',
              cell: (r) =>
                r.payment?.receiptId && r.payment.batchId ? (
                  <a
                    href={`/planillas/abonos/${r.payment.batchId}/constancias/${r.payment.receiptId}`}
                    className="font-medium text-primary-dark underline"
                  >
                    Ver constancia
                  </a>
                ) : (
                  '---'
                ),
            },
          ]}
        />
        <Pagination
          page={list.page}
          size={list.size}
          totalElements={lines.totalElements}
          totalPages={lines.totalPages}
          totalIsExact={lines.totalIsExact}
        />
      </section>
      <div className="flex justify-end">
        <ButtonLink to="/planillas">Volver</ButtonLink>
      </div>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
