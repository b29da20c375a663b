import {
  can,
  enumLabel,
  FEE_RECEIPT_TYPE,
  formatCents,
  formatCurrencyCents,
  formatDate,
  formatDateTime,
  formatRate,
  paymentType,
  takesReferenceValue,
  trimEmail,
  VOUCHER_STATUS,
  type VoucherCurrency,
  type VoucherDetail,
  voucherCurrency,
} from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { Link, useLoaderData } from 'react-router'
import { requirePermission } from '~/auth.server'
import { FormPage } from '~/components/form/form-layout'
import { BackToList } from '~/components/list/back-to-list'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { DetailCard } from '~/components/ui/detail-list'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { DetractionStateBadge } from '~/routes/pagos/+shared/detractions/deposit'
import { declaredTermsItems } from '~/routes/pagos/+shared/vouchers/declared-terms'
import { voucherOrBackToList } from '~/routes/pagos/+shared/vouchers/step.server'
import {
  stepsFor,
  VoucherStatusBadge,
  VoucherStepAction,
  voucherTypeLabel,
} from '~/routes/pagos/+shared/vouchers/voucher-steps'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Datos del comprobante')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'pagos_lista_lista')
  const voucher = await voucherOrBackToList(request, params.paymentId)
  return {
    voucher,
    steps: stepsFor(voucher, user),
    canRegister: can(user.roles, 'pagos_registrar'),
  }
}

const rate = (bp: number | null) => (bp === null ? null : `${bp / 100} %`)
const who = (email: string | null) => (email ? trimEmail(email) : null)

const FILE_LABELS = {
  pdf: 'PDF del comprobante',
  xml: 'XML del comprobante',
  sustento: 'Sustento de la anulación',
}

/** The voucher's history: each step it went through (in the order of its life), who took it and when. */
function history(v: VoucherDetail) {
  return [
    { step: 'Registrado', by: v.createdBy, at: v.createdAt },
    { step: 'Autorizado', by: v.authorizedBy, at: v.authorizedAt },
    { step: 'Aprobado', by: v.approvedBy, at: v.approvedAt },
    { step: 'Pagado', by: v.paidBy, at: v.paidAt },
    { step: 'Rechazado', by: v.rejectedBy, at: v.rejectedAt },
    { step: 'Anulado', by: v.cancelledBy, at: v.cancelledAt },
  ].filter((h) => h.at)
}

/** '/pagos/:paymentId/detalle': every field of the voucher, its files, its history and its next steps. */
export default function VoucherDetails() {
  const { voucher: v, steps, canRegister } = useLoaderData<typeof loader>()
  // The voucher's own amounts in its currency (the deductions are always soles).
  const money = (cents: number | null) => formatCurrencyCents(v.currency, cents)
  const freeable = v.status === VOUCHER_STATUS.REJECTED && v.freedByCreditNoteId === null
  const recordingPeriodOpen = v.status === VOUCHER_STATUS.REGISTERED || v.status === VOUCHER_STATUS.AUTHORIZED
  return (
    <FormPage title={`Comprobante ${v.fullNumber}`}>
      <DetailCard
        title="Datos del comprobante"
        items={[
          { label: 'Estado', value: <VoucherStatusBadge status={v.status} /> },
          { label: 'Empresa', value: v.companyName },
          { label: 'Proveedor', value: v.supplierName },
          { label: 'R.U.C. del proveedor', value: v.supplierRuc },
          { label: 'Tipo de comprobante', value: `${v.type} ${voucherTypeLabel(v.type)}` },
          { label: 'Serie-número', value: v.fullNumber },
          { label: 'Fecha de emisión', value: formatDate(v.issueDate) },
          {
            label: 'Fecha de vencimiento',
            value: (
              <>
                {formatDate(v.dueDate)} {v.overdue ? <Badge tone="red">VENCIDO</Badge> : null}
              </>
            ),
          },
          { label: 'Moneda', value: voucherCurrency[v.currency as VoucherCurrency] ?? v.currency },
          { label: 'Base imponible', value: money(v.baseCents) },
          { label: 'IGV', value: money(v.igvCents) },
          { label: 'Descripción', value: v.description },
          { label: 'Línea de gasto', value: v.expenseLine },
          {
            label: 'Modifica al comprobante',
            value: v.creditedVoucher ? (
              <Link to={`/pagos/${v.creditedVoucher.id}/detalle`} className="text-primary-dark underline">
                {v.creditedVoucher.fullNumber}
              </Link>
            ) : null,
          },
          {
            label: 'Notas de crédito',
            value: v.creditNotes.length ? (
              <ul>
                {v.creditNotes.map((n) => (
                  <li key={n.id}>
                    <Link to={`/pagos/${n.id}/detalle`} className="text-primary-dark underline">
                      {n.fullNumber}
                    </Link>{' '}
                    ({money(n.totalCents)})
                  </li>
                ))}
              </ul>
            ) : null,
          },
          ...(v.status === VOUCHER_STATUS.REJECTED
            ? [
                {
                  label: 'Número del comprobante',
                  value: v.freedByCreditNoteId
                    ? 'Liberado por su nota de crédito'
                    : 'Ocupado hasta que se registre una nota de crédito',
                },
              ]
            : []),
        ]}
      />
      <AmountsCard voucher={v} />
      <RecordingCard voucher={v} canChange={canRegister && recordingPeriodOpen} />
      {v.authorizedAt ? (
        <DetailCard
          title="Autorización"
          items={[
            { label: 'Tipo de proyecto', value: v.projectType },
            { label: 'Periodo', value: v.period },
          ]}
        />
      ) : null}
      {v.xmlTerms ? (
        <DetailCard title="Lo que declara el XML" items={declaredTermsItems(v.xmlTerms)} />
      ) : null}
      {v.approvedAt ? <ApprovalCard voucher={v} /> : null}
      {v.paidAt ? (
        <DetailCard
          title="Pago"
          items={[
            { label: 'Monto pagado', value: money(v.paidCents) },
            { label: 'Fecha de pago', value: formatDate(v.paidOn) },
            { label: 'N° de operación', value: v.paidOperation },
          ]}
        />
      ) : null}
      {v.rejectedAt ? (
        <DetailCard
          title="Rechazo"
          items={[
            { label: 'Motivo de rechazo', value: v.rejectReason },
            { label: 'Observación', value: v.rejectNote },
          ]}
        />
      ) : null}
      {v.cancelledAt ? (
        <DetailCard
          title="Anulación"
          items={[
            { label: 'Fecha de solicitud', value: formatDate(v.cancellationRequestDate) },
            { label: 'Motivo de anulación', value: v.cancellationReason },
            { label: 'Solicitado por', value: v.cancellationRequestedBy },
          ]}
        />
      ) : null}
      <FilesSection voucher={v} canRegister={canRegister} />
      <HistorySection voucher={v} />
      <div className="flex flex-wrap justify-end gap-2">
        <BackToList to="/pagos" />
        {freeable && canRegister ? (
          <ButtonLink to={`/pagos/registrar?credita=${v.id}`}>Registrar nota de crédito</ButtonLink>
        ) : null}
        {steps.map((step) => (
          <VoucherStepAction key={step} voucher={v} step={step} variant="button" />
        ))}
      </div>
    </FormPage>
  )
}

type Voucher = ReturnType<typeof useLoaderData<typeof loader>>['voucher']

/** Total, the deductions (always soles, with their rates for a dollar voucher) and the net. */
function AmountsCard({ voucher: v }: { voucher: Voucher }) {
  const money = (cents: number | null) => formatCurrencyCents(v.currency, cents)
  return (
    <DetailCard
      title="Importes"
      items={[
        { label: 'Total', value: money(v.totalCents) },
        // A dollar voucher: the deductions are soles, each with the rate that turned the total into soles.
        ...(v.currency !== 'PEN'
          ? [
              {
                label: 'Tipo de cambio de la detracción (SBS venta)',
                value:
                  v.detractionExchangeRateMilli === null
                    ? null
                    : `${formatRate(v.detractionExchangeRateMilli)} del ${formatDate(v.issueDate)}`,
              },
              {
                label: v.paidOn
                  ? 'Tipo de cambio de la retención (al pagar)'
                  : 'Tipo de cambio de la retención',
                value: formatRate(v.retentionExchangeRateMilli),
              },
            ]
          : []),
        { label: 'Detracción (S/)', value: formatCents(v.detractionCents) },
        { label: 'Retención (S/)', value: formatCents(v.retentionCents) },
        // A recibo por honorarios: the approval's estimate until paid, then what was withheld.
        ...(v.type === FEE_RECEIPT_TYPE
          ? [{ label: 'Retención de cuarta categoría', value: formatCents(v.fourthCategoryCents) }]
          : []),
        { label: 'Neto a pagar', value: money(v.netCents) },
      ]}
    />
  )
}

/** The Registro de Compras: the recording period (changeable while open) and the detracción's deadline. */
function RecordingCard({ voucher: v, canChange }: { voucher: Voucher; canChange: boolean }) {
  return (
    <DetailCard
      title="Registro de Compras"
      items={[
        {
          label: 'Periodo de registro',
          value: (
            <>
              {v.recordingPeriod}{' '}
              {canChange ? (
                <Link to={`/pagos/${v.id}/periodo`} className="font-medium text-primary-dark underline">
                  Cambiar
                </Link>
              ) : null}
            </>
          ),
        },
        ...(v.detractionDue
          ? [
              {
                label: 'Plazo para depositar la detracción',
                value: (
                  <>
                    {formatDate(v.detractionDue.dueOn)} <DetractionStateBadge state={v.detractionDue.state} />
                  </>
                ),
              },
            ]
          : []),
      ]}
    />
  )
}

/** How it was approved: payment type, the detracción and the retention, with their reasons. */
function ApprovalCard({ voucher: v }: { voucher: Voucher }) {
  return (
    <DetailCard
      title="Aprobación"
      items={[
        { label: 'Tipo de pago', value: v.paymentType ? enumLabel(paymentType, v.paymentType) : null },
        { label: 'Código de detracción', value: v.spotCode },
        { label: 'Porcentaje de detracción', value: rate(v.detractionRateBp) },
        { label: 'Porcentaje de la tabla', value: rate(v.detractionTableRateBp) },
        // 027 only: the detracción is on the greater of the total and the valor referencial.
        ...(takesReferenceValue(v.spotCode)
          ? [
              {
                label: 'Valor referencial',
                value: v.referenceValueCents === null ? null : formatCents(v.referenceValueCents),
              },
            ]
          : []),
        { label: 'Motivo del porcentaje', value: v.detractionReason },
        { label: 'Detracción depositada', value: formatDate(v.detractionDepositedOn) },
        { label: 'Retención', value: v.retention ? 'SÍ' : 'NO' },
        {
          label: 'Retención propuesta por la regla',
          value: v.retentionProposed === null ? null : v.retentionProposed ? 'SÍ' : 'NO',
        },
        { label: 'Motivo sobre la retención', value: v.retentionReason },
      ]}
    />
  )
}

/** The voucher's files (PDF, XML, sustento) and, without its PDF, how to attach it. */
function FilesSection({ voucher: v, canRegister }: { voucher: Voucher; canRegister: boolean }) {
  return (
    <section className="rounded border border-slate-200 bg-white p-5 shadow-sm" aria-label="Archivos">
      <h2 className="mb-3 text-base font-semibold text-primary-dark">Archivos</h2>
      {v.files.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {v.files.map((f) => (
            <li key={f.kind} className="break-words">
              <span className="text-slate-600">{FILE_LABELS[f.kind]}: </span>
              <a
                href={`/pagos/${v.id}/archivo/${f.kind}`}
                className="font-medium text-primary-dark underline"
                download
              >
                {f.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">El comprobante no tiene archivos.</p>
      )}
      {!v.files.some((f) => f.kind === 'pdf') && v.status !== VOUCHER_STATUS.CANCELLED ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="amber">PDF pendiente</Badge>
          {canRegister ? (
            <Link to={`/pagos/${v.id}/adjuntar`} className="font-medium text-primary-dark underline">
              Adjuntar PDF
            </Link>
          ) : (
            <span className="text-slate-600">Sin el PDF no se puede autorizar.</span>
          )}
        </p>
      ) : null}
    </section>
  )
}

/** Each step the voucher went through: when and by whom. */
function HistorySection({ voucher: v }: { voucher: Voucher }) {
  return (
    <section className="rounded border border-slate-200 bg-white p-5 shadow-sm" aria-label="Historial">
      <h2 className="mb-3 text-base font-semibold text-primary-dark">Historial</h2>
      <ol className="flex flex-col gap-2 text-sm">
        {history(v).map((h) => (
          <li key={h.step} className="flex flex-wrap gap-x-2">
            <span className="font-semibold">{h.step}</span>
            <span className="text-slate-600">
              {formatDateTime(h.at)}
              {h.by ? ` por ${who(h.by)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
