import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import {
  addDays,
  buildCci,
  centsOfSoles,
  detractionOf,
  formatMoney,
  netCents,
  retentionOf,
  rucCheckDigit,
  VOUCHER_STATUS as S,
  todayInLima,
  type VoucherType,
  voucherNumber,
  voucherType,
} from '@planillas/domain'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Transaction } from './executor'
import {
  companies,
  expenseLines,
  paymentVouchers,
  projectTypes,
  rejectReasons,
  retentionRates,
  spotRates,
  suppliers,
  taxStatusPeriods,
  voucherFiles,
} from './schema/index'
import type { SeedFiles, SeedStep } from './seed-step'

const REGISTRAR = 'rrhh@planillas.pe'
const TREASURY = 'tesoreria@planillas.pe'
const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`

type DemoSupplier = {
  key: string
  ruc: string
  name: string
  supplierType: number
  flags?: Partial<Record<'retentionAgent' | 'perceptionAgent' | 'goodTaxpayer', boolean>>
  detraction?: boolean
  status?: number
}

const DEMO_SUPPLIERS: DemoSupplier[] = [
  {
    key: 'transportes',
    ruc: ruc('2055501234'),
    name: 'Transportes Huamán S.A.C.',
    supplierType: 2,
    detraction: true,
  },
  {
    key: 'servicios',
    ruc: ruc('2055502345'),
    name: 'Servicios Generales Lima S.A.C.',
    supplierType: 2,
    detraction: true,
  },
  {
    key: 'ferreteria',
    ruc: ruc('2055503456'),
    name: 'Ferretería Industrial del Centro S.A.',
    supplierType: 1,
    flags: { goodTaxpayer: true },
  },
  { key: 'distribuidora', ruc: ruc('2055504567'), name: 'Distribuidora Norte E.I.R.L.', supplierType: 1 },
  {
    key: 'consultores',
    ruc: ruc('2055505678'),
    name: 'Consultores Asociados S.R.L.',
    supplierType: 2,
    flags: { retentionAgent: true },
  },
  {
    key: 'imprenta',
    ruc: ruc('2055506789'),
    name: 'Imprenta Gráfica Andina S.A.C.',
    supplierType: 3,
    status: 2,
  },
]

type DemoVoucher = {
  supplier: string
  type?: VoucherType
  series: string
  number: number
  total: number
  /** Days from today: issue and due. */
  issued: number
  due: number
  status: number
  spotCode?: string
  /** The paying company is the agente de retención. */
  agentCompany?: boolean
  credits?: string
  description: string
}

/** Vouchers in every state (docs/domain.md, supplier payments), amounts in soles; `credits` names a voucher by series-number. */
const DEMO_VOUCHERS: DemoVoucher[] = [
  {
    supplier: 'distribuidora',
    series: 'F001',
    number: 1021,
    total: 590,
    issued: -35,
    due: -5,
    status: S.REGISTERED,
    description: 'Útiles de oficina',
  },
  {
    supplier: 'servicios',
    series: 'E001',
    number: 455,
    total: 2360,
    issued: -4,
    due: 26,
    status: S.REGISTERED,
    description: 'Limpieza de oficinas, noviembre',
  },
  {
    supplier: 'transportes',
    series: 'F001',
    number: 3310,
    total: 1500,
    issued: -10,
    due: 20,
    status: S.AUTHORIZED,
    description: 'Flete Lima – Trujillo',
  },
  {
    supplier: 'consultores',
    series: 'E001',
    number: 88,
    total: 4130,
    issued: -12,
    due: 18,
    status: S.AUTHORIZED,
    description: 'Asesoría tributaria',
  },
  {
    supplier: 'servicios',
    series: 'E001',
    number: 450,
    total: 1180,
    issued: -20,
    due: 10,
    status: S.APPROVED,
    spotCode: '037',
    description: 'Mantenimiento de jardines',
  },
  {
    supplier: 'distribuidora',
    series: 'F001',
    number: 1019,
    total: 944,
    issued: -25,
    due: 5,
    status: S.APPROVED,
    agentCompany: true,
    description: 'Insumos de almacén',
  },
  {
    supplier: 'transportes',
    series: 'F001',
    number: 3300,
    total: 450,
    issued: -40,
    due: -10,
    status: S.PAID,
    spotCode: '027',
    description: 'Flete Lima – Huacho',
  },
  {
    supplier: 'ferreteria',
    series: 'F002',
    number: 777,
    total: 3540,
    issued: -45,
    due: -15,
    status: S.PAID,
    agentCompany: true,
    description: 'Herramientas de mantenimiento',
  },
  {
    supplier: 'distribuidora',
    series: 'F001',
    number: 1015,
    total: 1770,
    issued: -30,
    due: 0,
    status: S.REJECTED,
    description: 'Insumos (monto no pactado)',
  },
  {
    supplier: 'servicios',
    series: 'E001',
    number: 440,
    total: 826,
    issued: -50,
    due: -20,
    status: S.REJECTED,
    description: 'Servicio duplicado',
  },
  {
    supplier: 'servicios',
    type: '07',
    series: 'EC01',
    number: 12,
    total: 826,
    issued: -48,
    due: -18,
    status: S.REGISTERED,
    credits: 'E001-440',
    description: 'Anula el servicio duplicado',
  },
  {
    supplier: 'consultores',
    series: 'E001',
    number: 80,
    total: 2950,
    issued: -60,
    due: -30,
    status: S.CANCELLED,
    description: 'Taller cancelado',
  },
]

/** A one-page PDF that reads like the voucher, so the demo's 'Ver PDF' opens something real. */
async function voucherPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([420, 300])
  page.drawText(title, { x: 30, y: 250, size: 14, font })
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 30, y: 220 - i * 18, size: 11, font })
  return Buffer.from(await doc.save())
}

/**
 * 'Pagos a proveedores' demo data: suppliers and vouchers in every state, registered by the HR
 * clerk and approved and paid by tesorería (never the same person), with their PDFs. One demo
 * company is agente de retención. Runs once: a database that has the demo suppliers keeps them.
 * Needs the file store (`seedDemo`'s `files`): `npm start`, the e2e server and `npm run db:seed` pass it.
 */
export const paymentSeedStep: SeedStep = {
  counted: ['comprobante de proveedor nuevo', 'comprobantes de proveedores nuevos'],
  run: async (db, storage) => {
    // Every voucher has its PDF: without a file store there is nothing to seed.
    if (!storage) return 0
    const existing = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        inArray(
          suppliers.ruc,
          DEMO_SUPPLIERS.map((s) => s.ruc),
        ),
      )
    if (existing.length > 0) return 0
    const written: string[] = []
    try {
      return await db.transaction((tx) => seedVouchers(tx, storage, written))
    } catch (error) {
      for (const key of written) await storage.delete(key).catch(() => {})
      throw error
    }
  },
}

async function seedVouchers(tx: Transaction, storage: SeedFiles, written: string[]): Promise<number> {
  const companyRows = await tx.select().from(companies).orderBy(asc(companies.id)).limit(5)
  if (companyRows.length < 2) return 0
  const [payer, agent] = [companyRows[0], companyRows[companyRows.length - 1]]
  await tx.update(companies).set({ retentionAgent: true }).where(eq(companies.id, agent.id))
  const [line] = await tx.select().from(expenseLines).orderBy(asc(expenseLines.id)).limit(1)
  const [project] = await tx.select().from(projectTypes).orderBy(asc(projectTypes.id)).limit(1)
  const [reason] = await tx.select().from(rejectReasons).orderBy(asc(rejectReasons.id)).limit(1)
  const spot = (await tx.select().from(spotRates)).map((r) => ({ ...r }))
  const retention = await tx.select().from(retentionRates)

  const supplierIds = new Map<string, { id: number; row: DemoSupplier }>()
  for (const [i, s] of DEMO_SUPPLIERS.entries()) {
    const account = String(1_930_000_000 + i * 7_919)
    const [row] = await tx
      .insert(suppliers)
      .values({
        ruc: s.ruc,
        name: s.name,
        address: `Av. Industrial ${100 + i * 25}, Lima`,
        contactName: 'Área de facturación',
        ubigeo: '150101',
        authorizer: 'Gerencia de Operaciones',
        payer: 'Tesorería',
        mobile: `98765432${i}`,
        email: `facturacion${i + 1}@proveedor.pe`,
        supplierType: s.supplierType,
        managementType: 1,
        expenseLineId: line.id,
        bankIdentifierType: 6,
        bankIdentifier: s.ruc,
        bankHolder: s.name,
        bankCode: '002',
        bankAccount: account,
        accountType: 2,
        bankInterAccount: buildCci('002', '193', account),
        detractionAccount: s.detraction ? `000${String(45_000_000 + i * 1_111).padStart(8, '0')}` : null,
        status: s.status ?? 1,
        createdBy: 'seed@planillas.pe',
      })
      .returning({ id: suppliers.id })
    supplierIds.set(s.key, { id: row.id, row: s })
    // The demo's tax status: open MANUAL periods from long before any demo voucher.
    const kinds = {
      retentionAgent: 'AGENTE_RETENCION',
      perceptionAgent: 'AGENTE_PERCEPCION',
      goodTaxpayer: 'BUEN_CONTRIBUYENTE',
    } as const
    for (const [flag, on] of Object.entries(s.flags ?? {}))
      if (on)
        await tx.insert(taxStatusPeriods).values({
          ruc: s.ruc,
          kind: kinds[flag as keyof typeof kinds],
          validFrom: '2020-01-01',
          createdBy: 'seed@planillas.pe',
        })
  }

  const today = todayInLima()
  const ids = new Map<string, number>()
  for (const d of DEMO_VOUCHERS) {
    const supplier = supplierIds.get(d.supplier) as { id: number; row: DemoSupplier }
    const type = d.type ?? '01'
    const total = centsOfSoles(d.total)
    const base = Math.round(total / 1.18)
    const issueDate = addDays(today, d.issued)
    const dueDate = addDays(today, d.due)
    const company = d.agentCompany ? agent : payer
    const past = (days: number) => new Date(Date.now() - days * 86_400_000)
    const columns: typeof paymentVouchers.$inferInsert = {
      companyId: company.id,
      supplierId: supplier.id,
      type,
      series: d.series,
      number: d.number,
      issueDate,
      recordingPeriod: `${issueDate.slice(0, 4)}${issueDate.slice(5, 7)}`,
      dueDate,
      baseCents: base,
      igvCents: total - base,
      totalCents: total,
      description: d.description,
      expenseLineId: line.id,
      creditsVoucherId: d.credits ? (ids.get(d.credits) ?? null) : null,
      status: d.status,
      createdBy: REGISTRAR,
    }
    if ([S.AUTHORIZED, S.APPROVED, S.PAID, S.CANCELLED].includes(d.status as 2)) {
      Object.assign(columns, {
        projectTypeId: project.id,
        period: `${issueDate.slice(0, 4)}${issueDate.slice(5, 7)}-001`,
        authorizedBy: REGISTRAR,
        authorizedAt: past(3),
      })
    }
    if (d.status === S.APPROVED || d.status === S.PAID) {
      const detraction = d.spotCode ? detractionOf(spot, d.spotCode, total, issueDate) : undefined
      const detracting = detraction?.applies === true
      const flags = {
        retentionAgent: supplier.row.flags?.retentionAgent ?? false,
        perceptionAgent: supplier.row.flags?.perceptionAgent ?? false,
        goodTaxpayer: supplier.row.flags?.goodTaxpayer ?? false,
      }
      const retained = retentionOf(
        retention,
        [
          {
            companyIsAgent: company.id === agent.id,
            supplier: flags,
            documentType: type,
            underDetraction: detracting,
            totalCents: total,
          },
        ],
        issueDate,
      )
      const retentionCents = retained?.amounts[0] ?? 0
      Object.assign(columns, {
        paymentType: 1,
        spotCode: d.spotCode ?? null,
        detractionRateBp: detracting ? detraction.rateBp : null,
        detractionTableRateBp: detracting ? detraction.tableRateBp : null,
        detractionCents: detracting ? detraction.amountCents : 0,
        retention: retentionCents > 0,
        retentionCents,
        retentionProposed: retentionCents > 0,
        approvedBy: TREASURY,
        approvedAt: past(2),
      })
      if (d.status === S.PAID) {
        Object.assign(columns, {
          paidCents: netCents(total, columns.detractionCents ?? 0, retentionCents),
          paidOn: addDays(today, -1),
          paidBy: TREASURY,
          paidAt: past(1),
        })
      }
    }
    if (d.status === S.REJECTED)
      Object.assign(columns, { rejectReasonId: reason.id, rejectedBy: TREASURY, rejectedAt: past(2) })
    if (d.status === S.CANCELLED)
      Object.assign(columns, {
        cancellationRequestDate: addDays(today, -2),
        cancellationReason: 'El taller fue cancelado por el proveedor',
        cancellationRequestedBy: 'gerencia@planillas.pe',
        cancelledBy: TREASURY,
        cancelledAt: past(1),
      })
    const [row] = await tx.insert(paymentVouchers).values(columns).returning({ id: paymentVouchers.id })
    const fullNumber = voucherNumber(d.series, d.number)
    ids.set(`${d.series}-${d.number}`, row.id)
    const files: ['pdf' | 'sustento', string, Buffer][] = [
      [
        'pdf',
        `${fullNumber}.pdf`,
        await voucherPdf(`${voucherType[type]} ${fullNumber}`, [
          supplier.row.name,
          `RUC ${supplier.row.ruc}`,
          d.description,
          `Total ${formatMoney(d.total)}`,
        ]),
      ],
    ]
    if (d.status === S.CANCELLED)
      files.push([
        'sustento',
        'sustento-anulacion.pdf',
        await voucherPdf('Solicitud de anulación', [fullNumber, 'Taller cancelado']),
      ])
    for (const [kind, name, content] of files) {
      const key = await storage.put(content, { name, contentType: 'application/pdf' })
      written.push(key)
      await tx.insert(voucherFiles).values({
        voucherId: row.id,
        kind,
        storageKey: key,
        name,
        contentType: 'application/pdf',
        size: content.length,
        createdBy: REGISTRAR,
      })
    }
    // The credit note frees the rejected voucher's number (the database checks it references it).
    if (d.credits) {
      await tx
        .update(paymentVouchers)
        .set({ freedByCreditNoteId: row.id })
        .where(eq(paymentVouchers.id, ids.get(d.credits) as number))
    }
  }
  return DEMO_VOUCHERS.length
}
