import {
  dayMonthYear,
  formatCount,
  isoFromDayMonthYear,
  PAYMENT_ORDER_STATUS,
  PaymentOrderBodySchema,
  todayInLima,
} from '@planillas/domain'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { type OrderFormValues, PaymentOrderForm } from '~/screens/payment-orders/order-form'
import { PaymentOrdersTable } from '~/screens/payment-orders/orders-table'
import { redirectWithToast } from '~/session.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Archivo de pago')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const id = idParam(params.id)
  try {
    const [payroll, accounts, formats, orders] = await Promise.all([
      call(request, 'GET /payroll/:id', { params: { id } }),
      call(request, 'GET /payment-orders/accounts'),
      call(request, 'GET /payment-orders/formats'),
      call(request, 'GET /payment-orders', { query: { payrollId: id } }),
    ])
    return { payroll, accounts, formats, orders, today: todayInLima() }
  } catch (error) {
    // A payroll that does not exist: its message, back on the payrolls list.
    if (error instanceof ApiError && error.status === 404)
      throw await redirectWithToast(request, '/planillas', {
        type: 'error',
        message: error.messages.join(' '),
      })
    throw error
  }
}

type Refused = { errors: string[]; values: OrderFormValues }

/** Posts the order; the API checks every line first and answers every problem, or the new file. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const id = idParam(params.id)
  const form = await request.formData()
  const value = (name: string) => String(form.get(name) ?? '').trim()
  const values: OrderFormValues = {
    companyAccountId: value('companyAccountId'),
    format: value('format') || 'BCP',
    paymentDate: value('paymentDate'),
    reference: String(form.get('reference') ?? ''),
    confirmReplace: form.get('confirmReplace') === 'on',
  }
  const refuse = (errors: string[], status: number) => data<Refused>({ errors, values }, { status })
  // Checked here with the API's own schema (same messages) before the API checks every line.
  const order = PaymentOrderBodySchema.safeParse({
    payrollId: id,
    companyAccountId: values.companyAccountId || 0,
    format: values.format,
    paymentDate: isoFromDayMonthYear(values.paymentDate),
    reference: values.reference,
    replacesOrderId: value('replacesOrderId') || undefined,
    confirmReplace: values.confirmReplace,
  })
  if (!order.success) return refuse([...new Set(order.error.issues.map((i) => i.message))], 400)
  try {
    await call(request, 'POST /payment-orders', { body: order.data })
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 409))
      return refuse(error.messages, error.status)
    throw error
  }
  return redirectWithToast(request, `/planillas/${id}/pago`, {
    type: 'success',
    message: 'Archivo de pago generado: descárguelo y cárguelo en el portal del banco',
  })
}

/** 'Generar archivo de pago' of a payroll, with and without JavaScript, and its generated files. */
export default function PaymentFile() {
  const { payroll, accounts, formats, orders, today } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as Refused | undefined
  const busy = useNavigation().state === 'submitting'
  const errors = refused?.errors ?? []
  const values: OrderFormValues = refused?.values ?? {
    companyAccountId: '',
    format: 'BCP',
    paymentDate: dayMonthYear(today),
    reference: `Planilla ${payroll.code}`.slice(0, 40),
    confirmReplace: false,
  }
  return (
    <FormPage title={`Archivo de pago · Planilla ${payroll.code}`}>
      <FormNote>
        Se revisan todas las líneas contra el formato del banco antes de escribir el archivo. Las líneas
        quedan como ENVIADO (no abonadas) hasta que cargue el resultado del banco en 'Cargar abonos'.
      </FormNote>
      {errors.length ? (
        <section
          role="alert"
          aria-labelledby="errors-title"
          className="rounded border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <h2 id="errors-title" className="font-semibold">
            Errores: {formatCount(errors.length)}
          </h2>
          <p>No se generó el archivo. Corrija lo siguiente y vuelva a intentarlo:</p>
          <ul className="mt-2 list-disc pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <PaymentOrderForm
        payrollId={payroll.id}
        accounts={accounts}
        formats={formats}
        openOrder={orders.find((o) => o.status === PAYMENT_ORDER_STATUS.GENERATED)}
        values={values}
        busy={busy}
      />
      <section aria-labelledby="orders-title" className="flex flex-col gap-2">
        <h2 id="orders-title" className="text-lg font-semibold">
          Archivos generados
        </h2>
        <PaymentOrdersTable payrollId={payroll.id} orders={orders} />
      </section>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
