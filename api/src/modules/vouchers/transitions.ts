import {
  type Database,
  type Executor,
  issueRetentionReceipt,
  paymentOrderClaims,
  projectTypes,
  recordAudit,
  recordXmlTerms,
  rejectReasons,
  type Transaction,
  paymentVouchers as v,
  voucherFiles,
} from '@planillas/db'
import {
  type ApproveInput,
  type AuthorizeInput,
  type CancelInput,
  centsAtRate,
  centsToSoles,
  declaredTermsOf,
  EXCHANGE_RATE_MESSAGES,
  enumLabel,
  foreignNetCents,
  formatCents,
  formatCurrencyCents,
  formatDate,
  formatRate,
  inForce,
  VOUCHER_MESSAGES as M,
  mayApprove,
  netCents,
  type PayInput,
  paymentType,
  RECORDING_PERIOD_MESSAGES,
  type RecordingPeriodInput,
  type RejectInput,
  recordingPeriodProblem,
  solesOfForeign,
  todayInLima,
  VOUCHER_ACTIONS,
  VOUCHER_STATUS,
  VOUCHER_STATUS_MESSAGES,
  type VoucherAction,
  voucherNumber,
  voucherStatus,
  voucherTransitionProblem,
} from '@planillas/domain'
import { and, eq, isNull } from 'drizzle-orm'
import { badRequest, conflict, found, HttpError, withUniqueMessages } from '../../lib/errors'
import { exchangeRateInForce } from '../exchange-rates/service'
import { readVoucherXml } from './cpe'
import type { UploadedFile } from './form'
import {
  type Exchange,
  fourthCategoryOn,
  proposeApproval,
  retentionOnPayment,
  retentionTable,
} from './proposal'
import { fileRows, removeFiles, storeFiles, type VoucherContext } from './register'

type VoucherRecord = typeof v.$inferSelect
type Columns = Partial<typeof v.$inferInsert>

const bp = (rate: number) => `${rate / 100} %`

/**
 * One step of a voucher's life, in one transaction: the step's own checks on the voucher as read,
 * then a conditional update (`where status = <the status read>`) with the step's columns, and its
 * audit entry. Two people at once: the second update finds the status changed and the second person
 * gets a 409 saying what the voucher is now; a step the state does not allow is a 409 too.
 */
async function applyStep(
  db: Database,
  actor: string,
  id: number,
  action: VoucherAction,
  step: (tx: Transaction, voucher: VoucherRecord) => Promise<{ columns: Columns; audit: string }>,
  after?: (tx: Transaction, voucher: VoucherRecord) => Promise<unknown>,
) {
  return db.transaction(async (tx) => {
    const voucher = found((await tx.select().from(v).where(eq(v.id, id)))[0])
    const problem = voucherTransitionProblem(voucher.status, action)
    if (problem) throw conflict(problem)
    const { columns, audit } = await step(tx, voucher)
    const to = VOUCHER_ACTIONS[action].to
    const moved = await tx
      .update(v)
      .set({ ...columns, status: to })
      .where(and(eq(v.id, id), eq(v.status, voucher.status)))
      .returning({ id: v.id })
    if (moved.length === 0) {
      const [now] = await tx.select({ status: v.status }).from(v).where(eq(v.id, id))
      throw conflict(VOUCHER_STATUS_MESSAGES.changedMeanwhile(now?.status ?? 0))
    }
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payments',
      entityId: id,
      actor,
      description: `${audit} (${enumLabel(voucherStatus, voucher.status)} → ${enumLabel(voucherStatus, to)})`,
    })
    if (after) await after(tx, voucher)
  })
}

const label = (voucher: VoucherRecord) => voucherNumber(voucher.series, voucher.number)

export function authorizeVoucher(ctx: VoucherContext, id: number, input: AuthorizeInput) {
  return applyStep(ctx.db, ctx.actor, id, 'authorize', async (tx, voucher) => {
    // A voucher registered by a 'Carga de comprobantes' has its PDF pending until attached.
    const [pdf] = await tx
      .select({ id: voucherFiles.id })
      .from(voucherFiles)
      .where(and(eq(voucherFiles.voucherId, voucher.id), eq(voucherFiles.kind, 'pdf')))
    if (!pdf) throw badRequest(M.pdfPendingAuthorize)
    const [project] = await tx.select().from(projectTypes).where(eq(projectTypes.id, input.projectTypeId))
    if (project?.status !== 1) throw badRequest('Tipo de proyecto inválido')
    return {
      columns: {
        projectTypeId: project.id,
        period: input.period,
        authorizedBy: ctx.actor,
        authorizedAt: new Date(),
      },
      audit: `Autorizó el comprobante ${label(voucher)}: proyecto '${project.description}', periodo ${input.period}`,
    }
  })
}

/**
 * Approve: the person who registered the voucher may not (403, also a check in the database). The
 * detracción and retención come from the dated tables as of the issue date (`proposeApproval`);
 * the approver may change the percentage or go against the retention rule, each with a reason.
 */
export function approveVoucher(ctx: VoucherContext, id: number, input: ApproveInput) {
  return applyStep(ctx.db, ctx.actor, id, 'approve', async (tx, voucher) => {
    if (!mayApprove(voucher.createdBy ?? '', ctx.actor))
      throw new HttpError(403, [VOUCHER_STATUS_MESSAGES.ownVoucher])
    const proposal = await proposeApproval(
      tx,
      voucher,
      input.spotCode,
      input.detractionRate ?? undefined,
      input.referenceValue,
    )
    const d = proposal.detraction
    const fx = proposal.exchange
    const problems: string[] = []
    // A dollar voucher's detracción needs the issue date's rate: the refusal names that day.
    if (input.spotCode && fx && fx.detractionRateMilli === null)
      problems.push(EXCHANGE_RATE_MESSAGES.missingRate(fx.detractionRateDay))
    else if (input.spotCode && !d) problems.push(M.spotCodeUnknown)
    const detracting = d?.applies === true
    if (detracting && !proposal.supplierHasDetractionAccount) problems.push(M.noDetractionAccount)
    const rateDiffers = detracting && input.detractionRate != null && input.detractionRate !== d.tableRateBp
    if (rateDiffers && !input.rateReason) problems.push(M.rateReasonRequired)
    const retention = input.retention ?? proposal.retention.proposed
    const againstRule = retention !== proposal.retention.proposed
    if (againstRule && !input.retentionReason) problems.push(M.retentionReasonRequired)
    if (retention && proposal.retention.rateBp === null) problems.push('No hay una tasa de retención vigente')
    if (retention && fx && fx.retentionRateMilli === null)
      problems.push(EXCHANGE_RATE_MESSAGES.missingRate(todayInLima()))
    // Soles: the voucher's total, or a dollar voucher's at the rate its deductions are computed with.
    const totalSoles = fx
      ? (fx.totalSolesCents ?? solesOfForeign(voucher.totalCents, fx.retentionRateMilli ?? 0))
      : voucher.totalCents
    const detractionCents = detracting ? d.amountCents : 0
    const retentionCents = retention
      ? proposal.retention.proposed
        ? proposal.retention.amountCents
        : centsAtRate(totalSoles, proposal.retention.rateBp ?? 0)
      : 0
    const fourthCategoryCents = proposal.fourthCategory?.amountCents ?? 0
    if (detractionCents + retentionCents + fourthCategoryCents > totalSoles)
      problems.push(M.deductionsOverTotal)
    if (problems.length) throw badRequest(problems)
    const net = fx
      ? foreignNetCents(
          voucher.totalCents,
          detractionCents,
          fx.detractionRateMilli,
          retentionCents,
          fx.retentionRateMilli,
        )
      : netCents(voucher.totalCents, detractionCents, retentionCents, fourthCategoryCents)
    const money = (cents: number) => formatCurrencyCents(voucher.currency, cents)
    const row = d ? ` (tabla vigente desde ${formatDate(d.rowValidFrom)})` : ''
    const detractionText = detracting
      ? `detracción ${d.code} ${bp(input.detractionRate ?? d.tableRateBp ?? 0)} ${formatCents(detractionCents)}${d.baseCents !== totalSoles ? ` sobre el valor referencial ${formatCents(d.baseCents)}` : ''}${row}${rateDiffers ? ` (tabla ${bp(d.tableRateBp ?? 0)}; motivo: ${input.rateReason})` : ''}`
      : input.spotCode
        ? `sin detracción (código ${input.spotCode} no supera el mínimo${row})`
        : 'sin detracción'
    // What the supplier's XML declared, where it differs from the table or the code chosen.
    const declaredText = proposal.declaredWarnings.map((w) => `; ${w}`).join('')
    const retentionRow = proposal.retention.rowValidFrom
      ? ` (tasa vigente desde ${formatDate(proposal.retention.rowValidFrom)})`
      : ''
    const retentionText = `${retention ? `retención ${formatCents(retentionCents)}${retentionRow}` : 'sin retención'}${againstRule ? ` (contra la regla; motivo: ${input.retentionReason})` : ''}${proposal.fourthCategory ? `; ${fourthCategoryText(proposal.fourthCategory)}` : ''}`
    return {
      columns: {
        paymentType: input.paymentType,
        spotCode: input.spotCode,
        detractionRateBp: detracting ? (input.detractionRate ?? d.tableRateBp) : null,
        detractionTableRateBp: detracting ? d.tableRateBp : null,
        detractionCents,
        // Kept as typed whenever the code takes one, also when the freight is under the minimum.
        referenceValueCents: d?.takesReferenceValue ? input.referenceValue : null,
        detractionReason: rateDiffers ? input.rateReason : null,
        retention,
        retentionCents,
        retentionProposed: proposal.retention.proposed,
        retentionReason: againstRule ? input.retentionReason : null,
        fourthCategoryCents,
        // What the approver saw: the rates that turned the dollars into soles.
        detractionExchangeRateMilli: fx?.detractionRateMilli ?? null,
        retentionExchangeRateMilli: fx && retention ? fx.retentionRateMilli : null,
        approvedBy: ctx.actor,
        approvedAt: new Date(),
      },
      audit:
        `Aprobó el comprobante ${label(voucher)} por ${money(voucher.totalCents)}${fx ? exchangeText(fx) : ''}: pago al ` +
        `${enumLabel(paymentType, input.paymentType).toLowerCase()}; ${detractionText}${declaredText}; ${retentionText}; neto ${money(net)}`,
    }
  })
}

/** How the audit names a dollar voucher's rates. */
function exchangeText(fx: Exchange) {
  const detraction =
    fx.detractionRateMilli !== null
      ? ` (${formatCents(fx.totalSolesCents)} al tipo de cambio ${formatRate(fx.detractionRateMilli)} del ${formatDate(fx.detractionRateDay)}`
      : ' (sin tipo de cambio de la fecha de emisión'
  const retention =
    fx.retentionRateMilli !== null && fx.retentionRateDay
      ? `; retención al tipo de cambio ${formatRate(fx.retentionRateMilli)} del ${formatDate(fx.retentionRateDay)})`
      : ')'
  return `${detraction}${retention}`
}

/** How the audit names a recibo por honorarios' fourth-category retention and the rule's row or reason. */
function fourthCategoryText(f: NonNullable<Awaited<ReturnType<typeof fourthCategoryOn>>>) {
  const day = ` al ${formatDate(f.date)}`
  if (f.amountCents > 0)
    return `retención de cuarta categoría ${bp(f.rateBp ?? 0)} ${formatCents(f.amountCents)}${day} (tasa vigente desde ${formatDate(f.rowValidFrom ?? '')})`
  const certificate = f.certificateNumber ? ` N° ${f.certificateNumber}` : ''
  return `sin retención de cuarta categoría${day}: ${f.exclusion ?? ''}${certificate}`
}

/**
 * 'Marcar como pagado' by hand: never a voucher an open payment run pays (its bank abono marks it,
 * and paying it twice is what the lock and the claim check prevent), and only for the voucher's net
 * (total − detracción − retención − retención de cuarta categoría); a partial or larger amount is
 * refused. The IGV retention follows the supplier's tax status on the payment date
 * (`retentionOnPayment`), and a recibo por honorarios' fourth-category retention is recomputed on
 * that date too (a suspension certificate may have come into force since the approval): what is
 * stored is what was withheld. A voucher with retention gets its comprobante de retención
 * electrónico in the same transaction (dated the payment date).
 */
export function payVoucher(ctx: VoucherContext, id: number, input: PayInput) {
  const issueCre = (tx: Transaction) =>
    issueRetentionReceipt(tx, {
      voucherIds: [id],
      paymentDate: input.paidOn,
      orderId: null,
      actor: ctx.actor,
    })
  return applyStep(
    ctx.db,
    ctx.actor,
    id,
    'pay',
    async (tx, voucher) => {
      await refuseIfInOpenRun(tx, voucher, M.paidInOpenRun)
      // A dollar voucher: its retention in soles at the payment date's rate (docs/decisions/usd-vouchers.md).
      const usd = await retentionInDollarsOnPayment(tx, voucher, input.paidOn)
      const recomputed = await retentionOnPayment(tx, voucher, input.paidOn, usd?.totalSolesCents)
      const retentionCents = recomputed
        ? recomputed.retentionCents
        : usd
          ? usd.retentionCents
          : voucher.retentionCents
      const fourthCategory = await fourthCategoryOn(tx, voucher, input.paidOn)
      const fourthCategoryCents = fourthCategory?.amountCents ?? 0
      const net = usd
        ? foreignNetCents(
            voucher.totalCents,
            voucher.detractionCents,
            voucher.detractionExchangeRateMilli,
            retentionCents,
            usd.rateMilli,
          )
        : netCents(voucher.totalCents, voucher.detractionCents, retentionCents, fourthCategoryCents)
      const money = (cents: number) => formatCurrencyCents(voucher.currency, cents)
      const changed = recomputed
        ? `; el proveedor ${recomputed.changes.join(', ')} (retención ${formatCents(voucher.retentionCents)} → ${formatCents(retentionCents)})`
        : ''
      const rateText =
        usd && retentionCents > 0
          ? `; retención ${formatCents(retentionCents)} al tipo de cambio ${formatRate(usd.rateMilli)} del ${formatDate(usd.rateDay)}`
          : ''
      if (input.paidAmount !== net)
        throw badRequest(`${M.paidAmountNotNet(money(input.paidAmount), money(net))}${changed}`)
      return {
        columns: {
          paidCents: input.paidAmount,
          paidOn: input.paidOn,
          paidOperation: input.paidOperation ?? null,
          paidBy: ctx.actor,
          paidAt: new Date(),
          fourthCategoryCents,
          ...(recomputed || usd ? { retention: retentionCents > 0, retentionCents } : {}),
          ...(usd ? { retentionExchangeRateMilli: retentionCents > 0 ? usd.rateMilli : null } : {}),
        },
        audit: `Marcó como pagado el comprobante ${label(voucher)}: ${money(input.paidAmount)} el ${formatDate(input.paidOn)}${input.paidOperation ? `, operación ${input.paidOperation}` : ''}${changed}${rateText}${fourthCategory ? `; ${fourthCategoryText(fourthCategory)}` : ''}`,
      }
    },
    issueCre,
  )
}

/**
 * A dollar voucher paid on `paidOn`: the SBS venta rate of that day (or the last published before
 * it), its total in soles at that rate, and the approved retention recomputed on it with the
 * retention rate in force that day. Refused, naming the day, when no rate is known. Null in soles.
 */
export async function retentionInDollarsOnPayment(tx: Executor, voucher: VoucherRecord, paidOn: string) {
  if (voucher.currency === 'PEN') return null
  const rate = await exchangeRateInForce(tx, paidOn)
  if (!rate) throw badRequest(EXCHANGE_RATE_MESSAGES.missingRate(paidOn))
  const totalSolesCents = solesOfForeign(voucher.totalCents, rate.sellRateMilli)
  const row = inForce(await retentionTable(tx), paidOn)
  const retentionCents = voucher.retention && row ? centsAtRate(totalSolesCents, row.rateBp) : 0
  return { rateMilli: rate.sellRateMilli, rateDay: rate.day, totalSolesCents, retentionCents }
}

/** Reject: a reason from the catalogue. A credit note registered before frees the number at once. */
export async function rejectVoucher(ctx: VoucherContext, id: number, input: RejectInput) {
  await applyStep(ctx.db, ctx.actor, id, 'reject', async (tx, voucher) => {
    const [reason] = await tx.select().from(rejectReasons).where(eq(rejectReasons.id, input.rejectReasonId))
    if (reason?.status !== 1) throw badRequest('Motivo de rechazo inválido')
    const [note] = await tx.select({ id: v.id }).from(v).where(eq(v.creditsVoucherId, voucher.id)).limit(1)
    return {
      columns: {
        rejectReasonId: reason.id,
        rejectNote: input.note,
        rejectedBy: ctx.actor,
        rejectedAt: new Date(),
        freedByCreditNoteId: note?.id ?? null,
      },
      audit:
        `Rechazó el comprobante ${label(voucher)}: ${reason.description}${input.note ? ` (${input.note})` : ''}` +
        (note ? '; su número queda libre por la nota de crédito ya registrada' : ''),
    }
  })
}

/**
 * 'Adjuntar PDF': a voucher registered by a 'Carga de comprobantes' gets its PDF (and XML) later;
 * one it already has is not replaced (a wrong voucher is rejected and registered again).
 */
export async function attachVoucherFiles(
  ctx: VoucherContext,
  id: number,
  files: { pdf: UploadedFile; xml?: UploadedFile },
) {
  const voucher = found((await ctx.db.select().from(v).where(eq(v.id, id)))[0])
  const has = await ctx.db
    .select({ kind: voucherFiles.kind })
    .from(voucherFiles)
    .where(eq(voucherFiles.voucherId, id))
  const kinds = new Set(has.map((f) => f.kind))
  const problems: string[] = []
  if (kinds.has('pdf')) problems.push(M.pdfAlreadyAttached)
  if (files.xml && kinds.has('xml')) problems.push(M.xmlAlreadyAttached)
  if (voucher.status === VOUCHER_STATUS.CANCELLED || voucher.status === VOUCHER_STATUS.REJECTED)
    problems.push(M.filesClosedVoucher(enumLabel(voucherStatus, voucher.status)))
  if (problems.length) throw badRequest(problems)
  // The XML must be this voucher's: its supplier, company, numbers, dates and amounts.
  const reading = files.xml
    ? await readVoucherXml(ctx.db, files.xml, {
        companyId: String(voucher.companyId),
        supplierId: String(voucher.supplierId),
        type: voucher.type,
        series: voucher.series,
        number: String(voucher.number),
        issueDate: voucher.issueDate,
        dueDate: voucher.dueDate,
        currency: voucher.currency,
        base: centsToSoles(voucher.baseCents),
        igv: centsToSoles(voucher.igvCents),
        total: centsToSoles(voucher.totalCents),
      })
    : undefined
  const stored = await storeFiles(ctx.storage, [
    ['pdf', files.pdf],
    ['xml', files.xml],
  ])
  try {
    await withUniqueMessages(
      () =>
        ctx.db.transaction(async (tx) => {
          await tx.insert(voucherFiles).values(fileRows(id, stored, ctx.actor))
          if (reading) await recordXmlTerms(tx, id, declaredTermsOf(reading.cpe), ctx.actor)
          await recordAudit(tx, {
            action: 'UPDATE',
            entity: 'payments',
            entityId: id,
            actor: ctx.actor,
            description: `Adjuntó ${files.xml ? 'el PDF y el XML' : 'el PDF'} del comprobante ${label(voucher)}: '${files.pdf.name}'`,
          })
        }),
      { voucher_files_voucher_kind_unique: M.pdfAlreadyAttached },
    )
  } catch (error) {
    await removeFiles(ctx.storage, stored)
    throw error
  }
}

/** Cancel: request date, reason, requester and the evidence PDF, stored before the transaction. */
export const inOpenRunMessage = (orderId: number) =>
  `El comprobante está en la orden de pago N° ${orderId}, que sigue vigente: anule esa orden antes de anular el comprobante`

/**
 * A voucher sent to the bank in an open payment run (docs/decisions/supplier-payment-runs.md) is
 * neither cancelled nor marked paid by hand under it: the run is annulled first. The voucher is locked before the claim is
 * read, so a run being written at that moment (it locks its vouchers) is seen once it commits.
 */
async function refuseIfInOpenRun(
  tx: Transaction,
  voucher: VoucherRecord,
  message: (orderId: number) => string = inOpenRunMessage,
) {
  await tx.select({ id: v.id }).from(v).where(eq(v.id, voucher.id)).for('update')
  const [claim] = await tx
    .select({ orderId: paymentOrderClaims.orderId })
    .from(paymentOrderClaims)
    .where(
      and(
        eq(paymentOrderClaims.sourceKind, 'VOUCHER'),
        eq(paymentOrderClaims.sourceId, voucher.id),
        isNull(paymentOrderClaims.releasedAt),
      ),
    )
  if (claim) throw conflict(message(claim.orderId))
}

export async function cancelVoucher(
  ctx: VoucherContext,
  id: number,
  input: CancelInput,
  evidence: UploadedFile,
) {
  const stored = await storeFiles(ctx.storage, [['sustento', evidence]])
  try {
    await applyStep(ctx.db, ctx.actor, id, 'cancel', async (tx, voucher) => {
      // The evidence row is written before the step's conditional update: two cancels at once
      // would both insert it (a duplicate key, a 500). Locking the voucher first makes the second
      // wait for the first and then see its new status, the 409 the other steps give.
      const [now] = await tx.select({ status: v.status }).from(v).where(eq(v.id, voucher.id)).for('update')
      if (now?.status !== voucher.status)
        throw conflict(VOUCHER_STATUS_MESSAGES.changedMeanwhile(now?.status ?? 0))
      await refuseIfInOpenRun(tx, voucher)
      await tx.insert(voucherFiles).values(fileRows(voucher.id, stored, ctx.actor))
      return {
        columns: {
          cancellationRequestDate: input.requestDate,
          cancellationReason: input.reason,
          cancellationRequestedBy: input.requestedBy,
          cancelledBy: ctx.actor,
          cancelledAt: new Date(),
        },
        audit: `Anuló el comprobante ${label(voucher)} a pedido de ${input.requestedBy} (${formatDate(input.requestDate)}): ${input.reason}; sustento '${evidence.name}'`,
      }
    })
  } catch (error) {
    await removeFiles(ctx.storage, stored)
    throw error
  }
}

/** The states whose 'Periodo de registro' may still change: before approval. */
const RECORDING_PERIOD_OPEN: number[] = [VOUCHER_STATUS.REGISTERED, VOUCHER_STATUS.AUTHORIZED]

/**
 * 'Periodo de registro' of a voucher not yet approved, in one transaction: the row locked, refused
 * (409, naming its state) once APROBADO or later, the period checked against the issue month (400),
 * a conditional update on the status read, and its audit entry. Approval fixes it: the detracción's
 * deadline runs from it.
 */
export function setRecordingPeriod(ctx: VoucherContext, id: number, input: RecordingPeriodInput) {
  return ctx.db.transaction(async (tx) => {
    const voucher = found((await tx.select().from(v).where(eq(v.id, id)).for('update'))[0])
    if (!RECORDING_PERIOD_OPEN.includes(voucher.status))
      throw conflict(RECORDING_PERIOD_MESSAGES.closed(enumLabel(voucherStatus, voucher.status)))
    const problem = recordingPeriodProblem(voucher.issueDate, input.recordingPeriod)
    if (problem) throw badRequest(problem)
    if (voucher.recordingPeriod === input.recordingPeriod) return
    const moved = await tx
      .update(v)
      .set({ recordingPeriod: input.recordingPeriod })
      .where(and(eq(v.id, id), eq(v.status, voucher.status)))
      .returning({ id: v.id })
    if (moved.length === 0) throw conflict(VOUCHER_STATUS_MESSAGES.changedMeanwhile(0))
    await recordAudit(tx, {
      action: 'UPDATE',
      entity: 'payments',
      entityId: id,
      actor: ctx.actor,
      description: `Cambió el periodo de registro del comprobante ${label(voucher)}: ${voucher.recordingPeriod} → ${input.recordingPeriod}`,
    })
  })
}
