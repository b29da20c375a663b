import { SIRE_PROPOSAL_HEADER, type SireLine } from '@planillas/domain'
import { createSupplier, multipart, paymentFixturesPerFile, rucOf } from '@planillas/testing/api/payments'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * SIRE's purchase proposal against the registered vouchers: one company, one period, every
 * comprobante in one outcome, each difference named with both values, the whole list as Excel.
 */
const { t, fx } = paymentFixturesPerFile({ supplier: true })
let ruc: string
let otherRuc: string
const PERIOD = '202610'

/** Vouchers set-based (through the API, thousands would take minutes): S/ 1,000 + IGV S/ 180. */
async function seedVouchers(o: {
  company: number
  supplier: number
  type?: string
  from: number
  to: number
  status?: number
  day?: string
}) {
  await t.handle.db.execute(sql`
    insert into payment_vouchers (company_id, supplier_id, type, series, number, issue_date, due_date,
      recording_period, base_cents, igv_cents, total_cents, description, expense_line_id, status, created_by,
      cancellation_request_date, cancellation_reason, cancellation_requested_by, cancelled_by, cancelled_at)
    select ${o.company}, ${o.supplier}, ${o.type ?? '01'}, 'F001', g,
      coalesce(${o.day ?? null}::date, date '2026-10-01' + (g % 28)), date '2026-12-31',
      to_char(coalesce(${o.day ?? null}::date, date '2026-10-01' + (g % 28)), 'YYYYMM'),
      100000, 18000, 118000, 'Servicio', ${fx.expenseLineId}, ${o.status ?? 1}, 'rrhh@planillas.pe',
      ${o.status === 6 ? sql`date '2026-10-30', 'Prueba', 'rrhh@planillas.pe', 'tesoreria@planillas.pe', now()` : sql`null, null, null, null, null`}
    from generate_series(${o.from}::int, ${o.to}::int) g`)
}

/** The day a seeded voucher was issued: '1/10/2026' + (number % 28) days, as SIRE writes dates. */
const sireDay = (n: number) => `${(n % 28) + 1}/10/2026`

type Row = {
  n: number
  ruc?: string
  type?: string
  day?: string
  igv?: string
  total?: string
  currency?: string
}

/** A proposal row in the layout's 26 columns. */
function proposalRow(r: Row) {
  const values: Record<string, string> = {
    'CAR SUNAT': `${r.ruc ?? ruc}${r.type ?? '01'}F001${String(r.n).padStart(10, '0')}`,
    'Fecha de emisión': r.day ?? sireDay(r.n),
    'Tipo CP/Doc.': r.type ?? '01',
    // Lower case and zero-padded on even numbers: the match normalises both.
    'Serie del CDP': r.n % 2 ? 'F001' : 'f001',
    'Nro CP o Doc. Nro Inicial (Rango)': r.n % 2 ? String(r.n) : String(r.n).padStart(8, '0'),
    'Tipo Doc Identidad': '6',
    'Nro Doc Identidad': r.ruc ?? ruc,
    'Apellidos Nombres/ Razón  Social': 'PROVEEDOR, "PRUEBA" S.A.C.',
    'BI Gravado DG': '1,000.00',
    'IGV / IPM DG': r.igv ?? '180.00',
    'IGV / IPM DGNG': '0.00',
    'IGV / IPM DNG': '0.00',
    'Total CP': r.total ?? '1,180.00',
    Moneda: r.currency ?? 'PEN',
  }
  return SIRE_PROPOSAL_HEADER.map((h) => {
    const v = values[h] ?? ''
    return /[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
  }).join(',')
}

const proposal = (rows: Row[]) =>
  `\uFEFF${[SIRE_PROPOSAL_HEADER.map((h) => (h.includes(',') ? `"${h}"` : h)).join(','), ...rows.map(proposalRow)].join('\r\n')}\r\n`

async function reconcile(
  who: 'tesoreria' | 'lector' | 'rrhh',
  fields: Record<string, string | number>,
  file: string | null,
  query = '',
) {
  const form = await multipart(
    fields,
    file === null ? {} : { file: { name: 'propuesta.csv', content: Buffer.from(file) } },
  )
  return t.call(who, {
    method: 'POST',
    url: `/api/v1/sire/reconciliations${query}`,
    headers: form.headers,
    payload: form.payload,
  })
}

beforeAll(async () => {
  const other = await createSupplier(t)
  ruc = fx.supplierRuc
  otherRuc = await rucOf(t, other)
  // The company's October: facturas 1 to 4,985; a recibo por honorarios and an ANULADO, owed nothing.
  await seedVouchers({ company: fx.companyId, supplier: fx.supplierId, from: 1, to: 4985 })
  await seedVouchers({ company: fx.companyId, supplier: fx.supplierId, type: '02', from: 1, to: 1 })
  await seedVouchers({ company: fx.companyId, supplier: fx.supplierId, from: 9001, to: 9001, status: 6 })
  // November and another company: not the period's, not the company's.
  await seedVouchers({
    company: fx.companyId,
    supplier: fx.supplierId,
    from: 9100,
    to: 9101,
    day: '2026-11-02',
  })
  await seedVouchers({ company: fx.agentCompanyId, supplier: other, from: 1, to: 20 })
}, 60_000)

describe('POST /sire/reconciliations', () => {
  /** 5,000 rows: 4,975 of the vouchers (six of them differing), 20 unknown, 5 of type 02. */
  function bigProposal() {
    const changed: Record<number, Partial<Row>> = {
      11: { total: '1,190.00' },
      12: { total: '1,170.00' },
      21: { igv: '190.00' },
      31: { day: '30/9/2026' },
      41: { currency: 'USD' },
      51: { total: '1,181.00', day: '1/10/2026' },
    }
    const rows: Row[] = []
    for (let n = 1; n <= 4975; n++) rows.push({ n, ...changed[n] })
    // The other company's supplier and numbers: registered, but not for this company.
    for (let n = 1; n <= 20; n++) rows.push({ n, ruc: otherRuc, day: '15/10/2026' })
    for (let n = 1; n <= 5; n++) rows.push({ n: 100 + n, type: '02', ruc: otherRuc })
    expect(rows).toHaveLength(5000)
    return proposal(rows)
  }

  it('counts every outcome of a 5,000-row proposal exactly and names each difference with both values', async () => {
    const file = bigProposal()
    const started = performance.now()
    const res = await reconcile('tesoreria', { companyId: fx.companyId, period: PERIOD }, file)
    console.log(`SIRE: 5,000 rows against 4,985 vouchers in ${Math.round(performance.now() - started)} ms`)
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    const payload = res.body.payload as { counts: unknown; total: number; lines: SireLine[] }
    expect(payload.counts).toEqual({ coincide: 4969, difiere: 6, sunat: 20, registrado: 10, excluded: 5 })
    expect(payload.total).toBe(4969 + 6 + 20 + 10)
    expect(payload.lines).toHaveLength(500)
    expect(res.body.messages).toEqual([
      'Coinciden: 4,969; difieren: 6; en SUNAT, no registrados: 20; registrados, no en SUNAT: 10',
    ])
    const differing = payload.lines.filter((l) => l.outcome === 'difiere')
    expect(differing.map((l) => [l.voucher, l.reason])).toEqual([
      ['F001-11', 'Total: SUNAT S/ 1,190.00, registrado S/ 1,180.00'],
      ['F001-12', 'Total: SUNAT S/ 1,170.00, registrado S/ 1,180.00'],
      ['F001-21', 'IGV: SUNAT S/ 190.00, registrado S/ 180.00'],
      ['F001-31', 'Fecha de emisión: SUNAT 30/09/2026, registrado 04/10/2026'],
      ['F001-41', 'Moneda: SUNAT USD, registrado PEN'],
      [
        'F001-51',
        'Total: SUNAT S/ 1,181.00, registrado S/ 1,180.00; Fecha de emisión: SUNAT 01/10/2026, registrado 24/10/2026',
      ],
    ])
    expect(differing[0]).toMatchObject({
      rowNumber: 12,
      supplierId: ruc,
      differences: [{ field: 'total', sunat: 'S/ 1,190.00', registered: 'S/ 1,180.00' }],
      sunat: { issueDate: '2026-10-12', currency: 'PEN', totalCents: 119_000, igvCents: 18_000 },
      registered: { issueDate: '2026-10-12', currency: 'PEN', totalCents: 118_000, igvCents: 18_000 },
    })
    const unknown = payload.lines.filter((l) => l.outcome === 'sunat')
    expect(unknown.map((l) => l.supplierId)).toEqual(Array(20).fill(otherRuc))
    expect(new Set(unknown.map((l) => l.reason))).toEqual(new Set(['No está registrado en el sistema']))
    const missing = payload.lines.filter((l) => l.outcome === 'registrado')
    expect(missing.map((l) => l.voucher)).toEqual(Array.from({ length: 10 }, (_, i) => `F001-${4976 + i}`))
    expect(missing[0].reason).toBe('No está en la propuesta de SUNAT del periodo 10/2026 (FACTURA)')
  }, 60_000)

  it('gives every line and its reason as Excel', async () => {
    const res = await reconcile(
      'tesoreria',
      { companyId: fx.companyId, period: PERIOD },
      bigProposal(),
      '?format=xlsx',
    )
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.body)
    const rows = (book.getWorksheet('Conciliación SIRE')?.getSheetValues().filter(Boolean) ??
      []) as unknown[][]
    const header = rows[0]
    const col = (name: string) => header.indexOf(name)
    expect(rows.length - 1).toBe(4969 + 6 + 20 + 10)
    const byOutcome = new Map<unknown, number>()
    for (const r of rows.slice(1))
      byOutcome.set(r[col('Resultado')], (byOutcome.get(r[col('Resultado')]) ?? 0) + 1)
    expect(Object.fromEntries(byOutcome)).toEqual({
      Difiere: 6,
      'En SUNAT, no registrado': 20,
      'Registrado, no en SUNAT': 10,
      Coincide: 4969,
    })
    const first = rows[1]
    expect(first[col('Motivo')]).toBe('Total: SUNAT S/ 1,190.00, registrado S/ 1,180.00')
    expect(first[col('Serie y número')]).toBe('F001-11')
    expect(first[col('Total SUNAT')]).toBe(1190)
    expect(first[col('Total registrado')]).toBe(1180)
    expect(first[col('R.U.C. proveedor')]).toBe(ruc)
  }, 60_000)

  it('refuses a bad form or file with every problem in Spanish, and whoever may not download registers', async () => {
    const noFile = await reconcile('tesoreria', { companyId: '', period: '2026-10' }, null)
    expect(noFile.status).toBe(400)
    expect(noFile.body.messages).toEqual([
      'Seleccione la empresa',
      'El periodo debe ser AAAAMM (p. ej. 202611)',
      'Adjunte el archivo CSV de la propuesta del Registro de Compras de SIRE',
    ])
    const header = SIRE_PROPOSAL_HEADER.filter((h) => h !== 'Moneda').join(',')
    const missing = await reconcile('tesoreria', { companyId: fx.companyId, period: PERIOD }, `${header}\n`)
    expect(missing.status).toBe(400)
    expect(missing.body.messages).toEqual([
      "Al encabezado del archivo le falta la columna 'Moneda': cargue la propuesta del Registro de Compras que descarga de SIRE en SUNAT Operaciones en Línea",
    ])
    const noCompany = await reconcile(
      'tesoreria',
      { companyId: 999_999, period: PERIOD },
      proposal([{ n: 1 }]),
    )
    expect(noCompany.body.messages).toEqual(['La empresa seleccionada no existe'])
    expect(
      (await reconcile('lector', { companyId: fx.companyId, period: PERIOD }, proposal([{ n: 1 }]))).status,
    ).toBe(403)
  })
})

describe('a proposal cut short in transit', () => {
  it('is answered that it arrived incomplete, wherever the body ends, never with the size message', async () => {
    const form = await multipart(
      { companyId: fx.companyId, period: '202610' },
      { file: { name: 'propuesta.csv', content: Buffer.from(proposal([{ n: 1 }, { n: 2 }])) } },
    )
    const end = form.payload.length
    const fileStart = form.payload.indexOf('\r\n\r\n', form.payload.indexOf('filename=')) + 4
    for (const at of [fileStart, fileStart + 40, end - 60, end - 10, end - 3]) {
      const res = await t.call('tesoreria', {
        method: 'POST',
        url: '/api/v1/sire/reconciliations',
        headers: form.headers,
        payload: form.payload.subarray(0, at),
      })
      expect([at, res.status, res.body.messages]).toEqual([
        at,
        400,
        ['El archivo de la propuesta llegó incompleto: vuelva a cargarlo'],
      ])
    }
  })
})
