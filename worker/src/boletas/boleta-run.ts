import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  type BoletaWithRecipient,
  boletaDeliveries,
  boletaRuns,
  type Database,
  loadBoletas,
  recordAudit,
  rowsOf,
} from '@planillas/db'
import { BOLETA_RUN_KIND, boletaFileName, countOf, type JobInfo, periodLabel } from '@planillas/domain'
import { boletaPdf, boletaTitle } from '@planillas/formats/boleta-pdf'
import { zipEntries } from '@planillas/formats/zip-writer'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { WorkerContext } from '../context'
import { createMailer, type Mailer } from './mailer'

/** Lines read, drawn and sent per step: the progress and the memory of a run move by this much. */
export const BOLETAS_PER_PAGE = 200

export const SYSTEM_ACTOR = 'sistema'

export type BoletaRunOutcome = { status: number; done: number; failed: number; skipped?: boolean }

/** The acknowledgement token of an e-mail (43 base64url characters) and what is stored of it. */
export function newAckToken(): { token: string; sha256: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, sha256: ackTokenHash(token) }
}
export const ackTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** A payroll's lines, page by page in line order, with their boletas' data. */
async function* boletaPages(db: Database, payrollId: number): AsyncGenerator<BoletaWithRecipient[]> {
  let after = 0
  for (;;) {
    const page = await loadBoletas(db, { payrollId, afterLineId: after, limit: BOLETAS_PER_PAGE })
    if (!page.length) return
    yield page
    after = page[page.length - 1].lineId
  }
}

const progressOf = (done: number, total: number) =>
  total ? Math.min(100, Math.floor((done * 100) / total)) : 100

async function setProgress(
  db: Database,
  payrollId: number,
  kind: number,
  values: { done: number; failed: number; total: number },
) {
  await db
    .update(boletaRuns)
    .set({ ...values, progress: progressOf(values.done + values.failed, values.total) })
    .where(and(eq(boletaRuns.payrollId, payrollId), eq(boletaRuns.kind, kind)))
}

async function finish(
  db: Database,
  payrollId: number,
  kind: number,
  values: { status: number; message: string | null; fileKey?: string; done?: number; failed?: number },
) {
  await db
    .update(boletaRuns)
    .set({ ...values, progress: 100, finishedAt: new Date() })
    .where(and(eq(boletaRuns.payrollId, payrollId), eq(boletaRuns.kind, kind)))
}

/**
 * The 'payroll-boletas' job: kind 1 writes every boleta of the payroll into one ZIP in the store,
 * kind 2 e-mails each undelivered boleta to its worker, with its acknowledgement link, and records
 * each delivery. It claims its row first (PENDIENTE or PROCESANDO → PROCESANDO), so a finished run
 * is not repeated; e-mail runs skip what was delivered already, so a retry sends only the rest.
 */
export async function runBoletas(
  ctx: WorkerContext,
  payload: { payrollId: number; kind: 1 | 2 },
  job: JobInfo = { id: 'prueba', attempt: 1, maxAttempts: 1 },
): Promise<BoletaRunOutcome> {
  const { db } = ctx
  const { payrollId, kind } = payload
  const [run] = await db
    .update(boletaRuns)
    .set({ status: 2, progress: 0, done: 0, failed: 0, message: null, finishedAt: null })
    .where(
      and(eq(boletaRuns.payrollId, payrollId), eq(boletaRuns.kind, kind), inArray(boletaRuns.status, [1, 2])),
    )
    .returning()
  if (!run) return { status: 0, done: 0, failed: 0, skipped: true }
  try {
    return kind === BOLETA_RUN_KIND.ZIP
      ? await zipRun(ctx, payrollId, run.fileKey)
      : await emailRun(ctx, payrollId)
  } catch (error) {
    ctx.log.error('Falló la preparación de boletas', {
      payrollId,
      kind,
      attempt: job.attempt,
      error: String(error),
    })
    if (job.attempt >= job.maxAttempts)
      await finish(db, payrollId, kind, {
        status: 4,
        message: 'No se pudieron preparar las boletas. Vuelva a intentarlo en unos minutos.',
      })
    throw error
  }
}

async function zipRun(
  ctx: WorkerContext,
  payrollId: number,
  previousKey: string | null,
): Promise<BoletaRunOutcome> {
  const { db, storage } = ctx
  const [{ total, code, period }] = rowsOf<{ total: number; code: string; period: string }>(
    await db.execute(
      sql`select count(l.id)::int as total, p.code, p.period from payrolls p left join payroll_lines l on l.payroll_id = p.id where p.id = ${payrollId} group by p.id`,
    ),
  )
  let done = 0
  async function* files() {
    for await (const page of boletaPages(db, payrollId)) {
      for (const boleta of page) {
        yield { name: boletaFileName(boleta.period, boleta.worker.identifier), data: await boletaPdf(boleta) }
        done++
      }
      await setProgress(db, payrollId, BOLETA_RUN_KIND.ZIP, { done, failed: 0, total })
      await nextTurn()
    }
  }
  const key = await storage.put(Readable.from(zipEntries(files())), {
    name: `boletas-${code}-${period}.zip`,
    contentType: 'application/zip',
  })
  await finish(db, payrollId, BOLETA_RUN_KIND.ZIP, {
    status: 3,
    message: null,
    fileKey: key,
    done,
    failed: 0,
  })
  if (previousKey && previousKey !== key) await storage.delete(previousKey).catch(() => undefined)
  return { status: 3, done, failed: 0 }
}

/** The e-mail of one boleta: the PDF attached and the link that acknowledges its receipt. */
export function boletaMail(boleta: BoletaWithRecipient, link: string) {
  const employer = boleta.employer.name ? ` - ${boleta.employer.name}` : ''
  const period = periodLabel(boleta.period)
  const text = [
    `Estimado(a) ${boleta.worker.fullName}:`,
    '',
    `Le enviamos adjunta su boleta de pago del periodo ${period} (planilla ${boleta.payrollCode}).`,
    'Confirme que la recibió en este enlace:',
    link,
    '',
    'Este mensaje fue enviado por Planillas; no lo responda.',
  ].join('\n')
  const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<p>Estimado(a) ${escaped(boleta.worker.fullName)}:</p>
<p>Le enviamos adjunta su boleta de pago del periodo ${period} (planilla ${escaped(boleta.payrollCode)}).</p>
<p><a href="${escaped(link)}">Confirmar la recepción de la boleta</a></p>
<p>Este mensaje fue enviado por Planillas; no lo responda.</p>`
  return { subject: `${boletaTitle(boleta)}${employer}`, text, html }
}

async function emailRun(ctx: WorkerContext, payrollId: number): Promise<BoletaRunOutcome> {
  const { db } = ctx
  const kind = BOLETA_RUN_KIND.EMAIL
  if (!ctx.mail) {
    await finish(db, payrollId, kind, {
      status: 4,
      message:
        'No hay un servidor de correo configurado: descargue las boletas y registre cada entrega a mano.',
    })
    return { status: 4, done: 0, failed: 0 }
  }
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`
      select count(*)::int as total from payroll_lines l join employees e on e.id = l.employee_id
      where l.payroll_id = ${payrollId} and e.personal_email is not null
        and not exists (select 1 from boleta_deliveries d where d.payroll_line_id = l.id)`),
  )
  const webUrl = (ctx.webUrl ?? 'http://localhost:3000').replace(/\/$/, '')
  let mailer: Mailer | null = null
  let done = 0
  let failed = 0
  try {
    mailer = createMailer(ctx.mail)
    for await (const page of boletaPages(db, payrollId)) {
      const delivered = new Set(
        (
          await db
            .select({ id: boletaDeliveries.payrollLineId })
            .from(boletaDeliveries)
            .where(
              inArray(
                boletaDeliveries.payrollLineId,
                page.map((b) => b.lineId),
              ),
            )
        ).map((r) => r.id),
      )
      for (const boleta of page) {
        if (delivered.has(boleta.lineId) || !boleta.email) continue
        const { token, sha256 } = newAckToken()
        try {
          const pdf = await boletaPdf(boleta)
          await mailer.send({
            to: boleta.email,
            ...boletaMail(boleta, `${webUrl}/boletas/acuse/${token}`),
            attachment: { filename: boletaFileName(boleta.period, boleta.worker.identifier), content: pdf },
          })
        } catch (error) {
          failed++
          ctx.log.warn('No se pudo enviar una boleta', {
            payrollId,
            lineId: boleta.lineId,
            error: String(error),
          })
          continue
        }
        const email = boleta.email
        await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(boletaDeliveries)
            .values({
              payrollLineId: boleta.lineId,
              payrollId,
              method: 1,
              deliveredBy: SYSTEM_ACTOR,
              email,
              ackTokenSha256: sha256,
              createdBy: SYSTEM_ACTOR,
            })
            .onConflictDoNothing()
            .returning({ id: boletaDeliveries.payrollLineId })
          if (inserted)
            await recordAudit(tx, {
              action: 'CREATE',
              entity: 'boleta_deliveries',
              entityId: boleta.lineId,
              actor: SYSTEM_ACTOR,
              description: `Boleta de ${periodLabel(boleta.period)} de ${boleta.worker.fullName} (planilla ${boleta.payrollCode}) enviada por correo a ${email}`,
            })
        })
        done++
      }
      await setProgress(db, payrollId, kind, { done, failed, total })
      await nextTurn()
    }
  } finally {
    mailer?.close()
  }
  const parts = [countOf(done, 'boleta enviada', 'boletas enviadas')]
  if (failed) parts.push(`${failed} no se pudieron enviar (vuelva a intentarlo)`)
  const status = failed ? 4 : 3
  await finish(db, payrollId, kind, { status, message: `${parts.join('; ')}.`, done, failed })
  return { status, done, failed }
}
