import {
  dayMonthYear,
  formatDate,
  formatMoney,
  PAYMENT_ORDER_STATUS,
  PaymentOrderBodySchema,
  todayInLima,
} from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { useActionData, useLoaderData, useNavigation } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'
import {
  OrderErrors,
  type OrderFormValues,
  PaymentOrderForm,
  ReplaceOrderNotice,
} from '~/screens/payment-orders/order-form'
import { generateOrder, postedOrder, type RefusedOrder } from '~/screens/payment-orders/orders.server'
import { PaymentOrdersTable } from '~/screens/payment-orders/orders-table'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Archivo de pago')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const [payroll, accounts, formats, orders] = await orBackToList(request, '/planillas', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /payroll/:id', { params: { id } }),
      call(request, 'GET /payment-orders/accounts'),
      call(request, 'GET /payment-orders/formats'),
      call(request, 'GET /payment-orders', { query: { payrollId: id } }),
    ])
  })
  return { payroll, accounts, formats, orders, today: todayInLima() }
}

/** Posts the order; the API checks every line first and answers every problem, or the new file. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const id = idParam(params.id)
  const { values, body } = postedOrder(await request.formData(), 'BCP')
  return generateOrder(request, {
    schema: PaymentOrderBodySchema,
    body: { payrollId: id, ...body },
    values,
    post: (order) => call(request, 'POST /payment-orders', { body: order }),
    successTo: `/planillas/${id}/pago`,
    message: () => 'Archivo de pago generado: descárguelo y cárguelo en el portal del banco',
  })
}

/** 'Generar archivo de pago' of a payroll, with and without JavaScript, and its generated files. */
export default function PaymentFile() {
  const { payroll, accounts, formats, orders, today } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as RefusedOrder<OrderFormValues> | undefined
  const busy = useNavigation().state === 'submitting'
  const values: OrderFormValues = refused?.values ?? {
    companyAccountId: '',
    format: 'BCP',
    paymentDate: dayMonthYear(today),
    reference: `Planilla ${payroll.code}`.slice(0, 40),
    confirmReplace: false,
  }
  const openOrder = orders.find((o) => o.status === PAYMENT_ORDER_STATUS.GENERATED)
  return (
    <FormPage title={`Archivo de pago · Planilla ${payroll.code}`}>
      <FormNote>
        Se revisan todas las líneas contra el formato del banco antes de escribir el archivo. Las líneas
        quedan como ENVIADO (no abonadas) hasta que cargue el resultado del banco en 'Cargar abonos'.
      </FormNote>
      <OrderErrors errors={refused?.errors ?? []} nothing="el archivo" />
      <PaymentOrderForm
        accounts={accounts}
        formats={formats}
        values={values}
        replaces={
          openOrder ? (
            <ReplaceOrderNotice
              orderId={openOrder.id}
              heading="Esta planilla ya se envió al banco en la orden N°"
              risk={`${openOrder.format}, pago del ${formatDate(openOrder.paymentDate)}, ${formatMoney(openOrder.totalAmount)}, generada por ${openOrder.createdBy ?? '---'}. Otro archivo pagaría las mismas líneas otra vez.`}
              replacement="este archivo"
              confirmed={values.confirmReplace}
            />
          ) : null
        }
        backTo={`/planillas/${payroll.id}/detalles`}
        submitLabel="Generar archivo"
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
