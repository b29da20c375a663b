import {
  can,
  dayMonthYear,
  formatCount,
  isIsoDate,
  isoFromDayMonthYear,
  SupplierRunBodySchema,
  todayInLima,
} from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormNote } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import {
  RunErrors,
  RunFilters,
  type RunFilterValues,
  type RunFormValues,
  SupplierRunForm,
} from '~/screens/supplier-runs/run-form'
import { SupplierRunsTable } from '~/screens/supplier-runs/runs-table'
import { redirectWithToast } from '~/session.server'
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

type Refused = { errors: string[]; values: RunFormValues }

/** Posts the run; the API checks every voucher and supplier first and answers every problem, or the run. */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_generar')
  const form = await request.formData()
  const value = (name: string) => String(form.get(name) ?? '').trim()
  const values: RunFormValues = {
    voucherIds: [
      ...new Set(
        form
          .getAll('voucherIds')
          .map(String)
          .filter((id) => ID.test(id))
          .map(Number),
      ),
    ],
    companyAccountId: value('companyAccountId'),
    paymentDate: value('paymentDate'),
    reference: String(form.get('reference') ?? ''),
    confirmReplace: form.get('confirmReplace') === 'on',
  }
  const refuse = (errors: string[], status: number) => data<Refused>({ errors, values }, { status })
  // Checked here with the API's own schema (same messages) before the API checks every voucher.
  const run = SupplierRunBodySchema.safeParse({
    voucherIds: values.voucherIds,
    companyAccountId: values.companyAccountId || 0,
    format: value('format') || 'CCI',
    paymentDate: isoFromDayMonthYear(values.paymentDate),
    reference: values.reference,
    replacesOrderId: value('replacesOrderId') || undefined,
    confirmReplace: values.confirmReplace,
  })
  if (!run.success) return refuse([...new Set(run.error.issues.map((i) => i.message))], 400)
  let created: { id: number; lineCount: number; voucherCount: number }
  try {
    created = await call(request, 'POST /supplier-runs', { body: run.data })
  } catch (error) {
    if (error instanceof ApiError && [400, 409, 422].includes(error.status))
      return refuse(error.messages, error.status)
    throw error
  }
  return redirectWithToast(request, '/pagos/generar', {
    type: 'success',
    message: `Orden de pago N° ${created.id} generada: ${formatCount(created.lineCount)} ${created.lineCount === 1 ? 'proveedor' : 'proveedores'}, ${formatCount(created.voucherCount)} ${created.voucherCount === 1 ? 'comprobante' : 'comprobantes'}. Descargue sus archivos y cárguelos en el portal del banco.`,
  })
}

export default function GeneratePayments() {
  const { filters, candidates, accounts, runs, suppliers, expenseLines, today, canGenerate } =
    useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as Refused | undefined
  const busy = useNavigation().state === 'submitting'
  const values: RunFormValues = refused?.values ?? {
    voucherIds: [],
    companyAccountId: '',
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
        vigente. Se generan el Excel de transferencias por CCI (una línea por proveedor) y, si hay
        detracciones, el archivo de depósito masivo del Banco de la Nación.
      </FormNote>
      <RunFilters
        values={filters.values}
        suppliers={suppliers}
        expenseLines={expenseLines}
        error={filters.error}
      />
      <RunErrors errors={refused?.errors ?? []} />
      {canGenerate ? (
        <SupplierRunForm
          candidates={candidates.content}
          truncated={candidates.truncated}
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
        <SupplierRunsTable runs={runs.content} canAnnul={canGenerate} />
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
