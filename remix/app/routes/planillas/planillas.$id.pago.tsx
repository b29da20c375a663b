import {
  dayMonthYear,
  formatCount,
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
  LinesConfirmNotice,
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
  const [payroll, accounts, formats, orders, next] = await orBackToList(request, '/planillas', () => {
    const id = idParam(params.id)
    return Promise.all([
      call(request, 'GET /payroll/:id', { params: { id } }),
      call(request, 'GET /payment-orders/accounts'),
      call(request, 'GET /payment-orders/formats'),
      call(request, 'GET /payment-orders', { query: { payrollId: id } }),
      call(request, 'GET /payment-orders/next-file', { query: { payrollId: id } }),
    ])
  })
  return { payroll, accounts, formats, orders, next, today: todayInLima() }
}

/** Posts the order; the API checks every line first and answers every problem, or the new file. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'planillas_pago')
  const id = idParam(params.id)
  const form = await request.formData()
  const { values, body } = postedOrder(form, 'BCP')
  // A tick posts the digest of the list it was given for (LinesConfirmNotice).
  const ticked = (name: 'confirmObserved' | 'confirmResend') =>
    form.get(name) === 'on' ? String(form.get(`${name}Digest`) ?? '') || undefined : undefined
  return generateOrder(request, {
    schema: PaymentOrderBodySchema,
    body: {
      payrollId: id,
      ...body,
      confirmObserved: ticked('confirmObserved'),
      confirmResend: ticked('confirmResend'),
    },
    values: {
      ...values,
      confirmObserved: form.get('confirmObserved') === 'on',
      confirmResend: form.get('confirmResend') === 'on',
    },
    post: (order) => call(request, 'POST /payment-orders', { body: order }),
    successTo: `/planillas/${id}/pago`,
    message: () => 'Archivo de pago generado: descárguelo y cárguelo en el portal del banco',
  })
}

/** 'Generar archivo de pago' of a payroll, with and without JavaScript, and its generated files. */
export default function PaymentFile() {
  const { payroll, accounts, formats, orders, next, today } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as RefusedOrder<OrderFormValues> | undefined
  const busy = useNavigation().state === 'submitting'
  const values: OrderFormValues = refused?.values ?? {
    companyAccountId: '',
    format: 'BCP',
    paymentDate: dayMonthYear(today),
    reference: `Planilla ${payroll.code}`.slice(0, 40),
    confirmReplace: false,
  }
  // A replacement is the question only when this file would carry nothing new.
  const openOrder =
    next.free.count === 0 && next.resend.count === 0
      ? orders.find((o) => o.status === PAYMENT_ORDER_STATUS.GENERATED)
      : undefined
  return (
    <FormPage title={`Archivo de pago · Planilla ${payroll.code}`}>
      <FormNote>
        Se revisan todas las líneas contra el formato del banco antes de escribir el archivo. Las líneas
        quedan como ENVIADO (no abonadas) hasta que cargue el resultado del banco en 'Cargar abonos'.
      </FormNote>
      <FormNote>
        {`Este archivo lleva ${formatCount(next.free.count)} ${next.free.count === 1 ? 'línea' : 'líneas'} por ${formatMoney(next.free.total)}. Ya enviadas al banco en órdenes vigentes: ${formatCount(next.sent.count)} por ${formatMoney(next.sent.total)}. Abonadas: ${formatCount(payroll.paid)} (${payroll.progress} %).`}
      </FormNote>
      <OrderErrors errors={refused?.errors ?? []} nothing="el archivo" />
      <PaymentOrderForm
        accounts={accounts}
        formats={formats}
        values={values}
        replaces={
          <>
            <LinesConfirmNotice
              name="confirmObserved"
              list={next.observed}
              heading={`${formatCount(next.observed.count)} ${next.observed.count === 1 ? 'línea OBSERVADA no irá' : 'líneas OBSERVADAS no irán'} en este archivo`}
              intro="Deben revisarse y confirmarse en el detalle de la planilla; irán en un archivo posterior."
              tick={`Confirmo que el archivo se genere sin ${next.observed.count === 1 ? 'esta línea' : `estas ${formatCount(next.observed.count)} líneas`}`}
              confirmed={values.confirmObserved === true}
            />
            <LinesConfirmNotice
              name="confirmResend"
              list={next.resend}
              heading={`El banco rechazó o no abonó ${formatCount(next.resend.count)} ${next.resend.count === 1 ? 'línea' : 'líneas'}`}
              intro="Según el resultado del banco cargado en 'Cargar abonos'. Si las reenvía, salen de su orden anterior y van en este archivo."
              tick={`Confirmo que este archivo reenvía ${next.resend.count === 1 ? 'esta línea' : `estas ${formatCount(next.resend.count)} líneas`}`}
              confirmed={values.confirmResend === true}
            />
            {openOrder ? (
              <ReplaceOrderNotice
                orderId={openOrder.id}
                heading="Esta planilla ya se envió al banco en la orden N°"
                risk={`${openOrder.format}, pago del ${formatDate(openOrder.paymentDate)}, ${formatMoney(openOrder.totalAmount)}, generada por ${openOrder.createdBy ?? '---'}. Otro archivo pagaría las mismas líneas otra vez.`}
                replacement="este archivo"
                confirmed={values.confirmReplace}
              />
            ) : null}
          </>
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
