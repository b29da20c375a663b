import {
  can,
  dayMonthYear,
  formatCount,
  isIsoDate,
  isoFromDayMonthYear,
  SupplierRunBodySchema,
  todayInLima,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useActionData, useLoaderData, useNavigation } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormNote } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import {
  RunFilters,
  type RunFilterValues,
  type RunFormValues,
  SupplierRunForm,
} from '~/routes/pagos/+shared/supplier-runs/run-form'
import { SupplierRunsTable } from '~/routes/pagos/+shared/supplier-runs/runs-table'
import { OrderErrors } from '~/screens/payment-orders/order-form'
import { generateOrder, postedOrder, type RefusedOrder } from '~/screens/payment-orders/orders.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Generar pagos')

/** The runs listed under the form: the most recent ones. */
const RUNS_SHOWN = 50

const ID = /^\d{1,9}$/

/** The filters as the address carries them; a due date that is not one is said, not applied. */
function readFilters(url: URL) {
  const values: RunFilterValues = {
    supplierId: url.searchParams.get('supplierId') ?? '',
    expenseLineId: url.searchParams.get('expenseLineId') ?? '',
    dueTo: url.searchParams.get('dueTo') ?? '',
  }
  const dueTo = values.dueTo.trim() ? isoFromDayMonthYear(values.dueTo) : ''
  const dueToValid = !dueTo || isIsoDate(dueTo)
  return {
    values,
    error: dueToValid ? undefined : 'Fecha de vencimiento inválida: use el formato DD/MM/AAAA',
    filter: {
      supplierIds: ID.test(values.supplierId) ? [Number(values.supplierId)] : undefined,
      expenseLineIds: ID.test(values.expenseLineId) ? [Number(values.expenseLineId)] : undefined,
      dueTo: dueTo && dueToValid ? dueTo : undefined,
    },
  }
}

/**
 * 'Generar pagos' (route name payments-batch-list, `pagos_generar_lista`): the APROBADO vouchers to
 * choose from, the payment's data, and the runs generated so far with their files.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'pagos_generar_lista')
  const filters = readFilters(new URL(request.url))
  const [candidates, accounts, runs, suppliers, expenseLines] = await Promise.all([
    call(request, 'POST /supplier-runs/candidates', { body: filters.filter }),
    call(request, 'GET /supplier-runs/accounts'),
    call(request, 'GET /supplier-runs', { query: { page: 0, size: RUNS_SHOWN } }),
    call(request, 'GET /suppliers'),
    call(request, 'GET /expense-lines'),
  ])
  return {
    filters: { values: filters.values, error: filters.error },
    candidates,
    accounts,
    runs,
    suppliers: suppliers.map((s) => ({ id: s.id, label: `${s.name} (${s.ruc})` })),
    expenseLines: expenseLines.map((l) => ({ id: l.id, label: l.description })),
    today: todayInLima(),
    /** Reading the page is not generating: only `pagos_generar` sends money (the API says so too). */
    canGenerate: can(user.roles, 'pagos_generar'),
  }
}

/** Posts the run; the API checks every voucher and supplier first and answers every problem, or the run. */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_generar')
  const form = await request.formData()
  const posted = postedOrder(form, 'CCI')
  const voucherIds = [
    ...new Set(
      form
        .getAll('voucherIds')
        .map(String)
        .filter((id) => ID.test(id))
        .map(Number),
    ),
  ]
  return generateOrder(request, {
    schema: SupplierRunBodySchema,
    body: { voucherIds, ...posted.body },
    values: { voucherIds, ...posted.values },
    post: (run) => call(request, 'POST /supplier-runs', { body: run }),
    successTo: '/pagos/generar',
    message: (created) =>
      `Orden de pago N° ${created.id} generada: ${formatCount(created.lineCount)} ${created.lineCount === 1 ? 'proveedor' : 'proveedores'}, ${formatCount(created.voucherCount)} ${created.voucherCount === 1 ? 'comprobante' : 'comprobantes'}. Descargue sus archivos y cárguelos en el portal del banco.${created.statusChanges.length ? ` Condición tributaria en la fecha de pago: ${created.statusChanges.map((c) => `${c.supplierName}: ${c.changes.join(', ')}`).join('; ')}.` : ''}${created.sharedAccounts.length ? ` Cuentas compartidas: ${created.sharedAccounts.join('; ')}.` : ''}`,
  })
}

export default function GeneratePayments() {
  const { filters, candidates, accounts, runs, suppliers, expenseLines, today, canGenerate } =
    useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as RefusedOrder<RunFormValues> | undefined
  const busy = useNavigation().state === 'submitting'
  const values: RunFormValues = refused?.values ?? {
    voucherIds: [],
    companyAccountId: '',
    format: 'CCI',
    paymentDate: dayMonthYear(today),
    reference: `Proveedores ${dayMonthYear(today)}`,
    confirmReplace: false,
  }
  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Generar pagos
      </h1>
      <FormNote>
        Elija los comprobantes APROBADOS que pagará. Se revisan todos antes de generar nada: cuenta o CCI del
        proveedor, banco activo, neto mayor que cero, comprobante aún APROBADO y en ninguna otra orden
        vigente. Se generan el Excel de transferencias por CCI (una línea por proveedor), en la moneda de la
        cuenta de cargo, y, si hay detracciones, el archivo de depósito masivo del Banco de la Nación (en
        soles).
      </FormNote>
      <RunFilters
        values={filters.values}
        suppliers={suppliers}
        expenseLines={expenseLines}
        error={filters.error}
      />
      <OrderErrors errors={refused?.errors ?? []} nothing="la orden de pago" />
      {canGenerate ? (
        <SupplierRunForm
          candidates={candidates.content}
          truncated={candidates.truncated}
          detractionWarnings={candidates.detractionWarnings}
          accounts={accounts}
          values={values}
          busy={busy}
        />
      ) : (
        <FormNote>Puede ver las órdenes de pago, pero no generarlas ni anularlas.</FormNote>
      )}
      <section aria-labelledby="runs-title" className="flex flex-col gap-2">
        <h2 id="runs-title" className="text-lg font-semibold">
          Órdenes de pago generadas
        </h2>
        <SupplierRunsTable runs={runs.content} canAnnul={canGenerate} canDownload={canGenerate} />
        {runs.totalElements > runs.content.length ? (
          <p className="text-sm text-slate-600">
            Se muestran las {formatCount(runs.content.length)} más recientes de{' '}
            {formatCount(runs.totalElements)}.
          </p>
        ) : null}
      </section>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
