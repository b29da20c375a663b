import { describe, expect, it } from 'vitest'
import { decodeDownload } from '../sheets/named-csv'
import { SIRE_MESSAGES as M, readSireProposal, SIRE_PROPOSAL_HEADER } from './sire-proposal'
import { type RegisteredVoucher, reconcileSire } from './sire-reconcile'

/** A field as a CSV writes it: quoted when it holds a comma or a quote. */
const quoted = (f: string) => (/[",]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)
const line = (fields: readonly string[]) => fields.map(quoted).join(',')

/**
 * A row of the proposal in the layout's 26 columns, its fields joined by '|': columns 1–8 (CAR to the
 * supplier's document), the name (9), then 10–26 (the amounts, the total, currency, rate and the rest).
 */
const row = (document: string, name: string, amounts: string) => {
  const fields = [...document.split('|'), name, ...amounts.split('|')]
  if (fields.length !== 26) throw new Error(`${fields.length} campos en la fila de prueba`)
  return fields
}

/** Three rows of the proposal, field by field. */
const FIELDS = [
  // A factura: a name with a comma and quotes, amounts with thousands separators.
  row(
    '20100070970-01-F001-00000123|1/11/2026|30/11/2026|01|f001|00000123|6|20100070970',
    'CONSTRUCCIONES "PEÑA", S.A.C.',
    '1,000.00|180.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|1,180.00|PEN|||1||',
  ),
  // A nota de crédito, negative, with IGV in two of its columns.
  row(
    '|15/11/2026||7|FC01|45|6|20100070971',
    'Servicios Águila E.I.R.L.',
    '-50.00|-9.00|-10.00|-1.80|||||||-70.80|usd|3.750||1||',
  ),
  // A recibo por honorarios: the RCE leaves it out.
  row('|20/11/2026||02|E001|9|1|10456789012', 'PÉREZ LUIS', '||||||||||500.00|PEN|||1||'),
]

const CSV = `\uFEFF${[SIRE_PROPOSAL_HEADER, ...FIELDS].map(line).join('\r\n')}\r\n`

describe('the SIRE purchase proposal, read by its header names', () => {
  it('reads every field of the layout exactly, with a BOM, quoted fields and the double-space header', async () => {
    expect(SIRE_PROPOSAL_HEADER).toContain('Apellidos Nombres/ Razón  Social')
    const bytes = new TextEncoder().encode(CSV)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const read = await readSireProposal(decodeDownload(bytes))
    expect(read.problems).toEqual([])
    expect(read.rows).toEqual([
      {
        excluded: false,
        rowNumber: 2,
        car: '20100070970-01-F001-00000123',
        issueDate: '2026-11-01',
        type: '01',
        series: 'F001',
        number: '123',
        supplierId: '20100070970',
        supplierName: 'CONSTRUCCIONES "PEÑA", S.A.C.',
        igvCents: 18_000,
        totalCents: 118_000,
        currency: 'PEN',
      },
      {
        excluded: false,
        rowNumber: 3,
        car: null,
        issueDate: '2026-11-15',
        type: '07',
        series: 'FC01',
        number: '45',
        supplierId: '20100070971',
        supplierName: 'Servicios Águila E.I.R.L.',
        igvCents: -1_080,
        totalCents: -7_080,
        currency: 'USD',
      },
    ])
    expect(read.excluded).toEqual([
      { excluded: true, rowNumber: 4, type: '02', series: 'E001', number: '9', supplierId: '10456789012' },
    ])
  })

  it('finds the columns in another order, the header spaced and accented otherwise, in Windows-1252', async () => {
    const order = [...SIRE_PROPOSAL_HEADER.keys()].reverse()
    const header = order.map((i) =>
      SIRE_PROPOSAL_HEADER[i] === 'Apellidos Nombres/ Razón  Social'
        ? 'APELLIDOS NOMBRES/RAZON SOCIAL'
        : SIRE_PROPOSAL_HEADER[i] === 'Fecha de emisión'
          ? 'Fecha  de Emision'
          : SIRE_PROPOSAL_HEADER[i],
    )
    const text = [header, order.map((i) => FIELDS[0][i])].map(line).join('\n')
    // Windows-1252 bytes: the Ñ is one byte, not valid UTF-8.
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)))
    const read = await readSireProposal(decodeDownload(bytes))
    expect(read.problems).toEqual([])
    expect(read.rows[0]).toMatchObject({
      supplierName: 'CONSTRUCCIONES "PEÑA", S.A.C.',
      issueDate: '2026-11-01',
      totalCents: 118_000,
    })
  })

  it('names every missing column in one Spanish message', async () => {
    const header = SIRE_PROPOSAL_HEADER.filter(
      (h) => h !== 'Total CP' && h !== 'IGV / IPM DNG' && h !== 'Moneda',
    )
    const read = await readSireProposal(`${line(header)}\n`)
    expect(read.problems).toEqual([
      {
        rowNumber: 0,
        message:
          "Al encabezado del archivo le faltan las columnas 'IGV / IPM DNG', 'Total CP', 'Moneda': cargue la propuesta del Registro de Compras que descarga de SIRE en SUNAT Operaciones en Línea",
      },
    ])
    expect(read.rows).toEqual([])
  })

  it('names a bad row by its line, and refuses a file over the line limit', async () => {
    const bad: string[] = [...FIELDS[0]]
    bad[1] = '31/11/2026'
    const read = await readSireProposal([SIRE_PROPOSAL_HEADER, FIELDS[0], bad].map(line).join('\n'))
    expect(read.problems).toEqual([{ rowNumber: 3, message: M.date }])
    const long = `${line(SIRE_PROPOSAL_HEADER)}${'\n'.repeat(100_000)}`
    expect((await readSireProposal(long)).problems).toEqual([{ rowNumber: 0, message: M.tooManyLines }])
  })
})

describe('reconcileSire', () => {
  const voucher = (over: Partial<RegisteredVoucher>): RegisteredVoucher => ({
    id: 1,
    supplierRuc: '20100070970',
    supplierName: 'CONSTRUCCIONES PEÑA S.A.C.',
    type: '01',
    series: 'F001',
    number: 123,
    issueDate: '2026-11-01',
    currency: 'PEN',
    igvCents: 18_000,
    totalCents: 118_000,
    status: 1,
    ...over,
  })

  it('ends every row and every voucher of the period in one outcome, naming both values of what differs', async () => {
    const { rows } = await readSireProposal(CSV)
    const result = reconcileSire({
      period: '202611',
      rows,
      excludedCount: 1,
      registered: [
        voucher({ id: 1, totalCents: 117_000, igvCents: 17_000 }),
        // The nota de crédito: positive in the system, in soles.
        voucher({
          id: 2,
          supplierRuc: '20100070971',
          type: '07',
          series: 'FC01',
          number: 45,
          issueDate: '2026-11-16',
          igvCents: 1_080,
          totalCents: 7_080,
        }),
        voucher({ id: 3, number: 124, issueDate: '2026-11-30', totalCents: 5_900, igvCents: 900 }),
        // Another month, a recibo por honorarios, an ANULADO: none is owed to the proposal.
        voucher({ id: 4, number: 125, issueDate: '2026-10-31' }),
        voucher({ id: 5, type: '02', series: 'E001', number: 9, supplierRuc: '10456789012' }),
        voucher({ id: 6, number: 126, status: 6 }),
      ],
    })
    expect(result.counts).toEqual({ coincide: 0, difiere: 2, sunat: 0, registrado: 1, excluded: 1 })
    expect(result.lines.map((l) => [l.outcome, l.voucherId, l.reason])).toEqual([
      [
        'difiere',
        1,
        'Total: SUNAT S/ 1,180.00, registrado S/ 1,170.00; IGV: SUNAT S/ 180.00, registrado S/ 170.00',
      ],
      [
        'difiere',
        2,
        'Fecha de emisión: SUNAT 15/11/2026, registrado 16/11/2026; Moneda: SUNAT USD, registrado PEN',
      ],
      ['registrado', 3, 'No está en la propuesta de SUNAT del periodo 11/2026 (FACTURA)'],
    ])
  })

  it('tells a row of a voucher RECHAZADO and a repeated row from one never registered', () => {
    const row = (n: string, rowNumber: number) => ({
      excluded: false as const,
      rowNumber,
      car: null,
      issueDate: '2026-11-01',
      type: '01',
      series: 'F001',
      number: n,
      supplierId: '20100070970',
      supplierName: 'X',
      igvCents: 18_000 as never,
      totalCents: 118_000 as never,
      currency: 'PEN',
    })
    const result = reconcileSire({
      period: '202611',
      rows: [row('123', 2), row('0123', 3), row('7', 4), row('8', 5)],
      excludedCount: 0,
      registered: [voucher({ id: 1 }), voucher({ id: 7, number: 7, status: 5 })],
    })
    expect(result.counts).toEqual({ coincide: 1, difiere: 0, sunat: 3, registrado: 0, excluded: 0 })
    expect(result.lines.map((l) => [l.outcome, l.rowNumber, l.reason])).toEqual([
      ['sunat', 4, 'El comprobante registrado está RECHAZADO'],
      ['sunat', 5, 'No está registrado en el sistema'],
      ['sunat', 3, 'Repetido en la propuesta: el mismo comprobante está en la fila 2'],
      ['coincide', 2, 'Coincide'],
    ])
  })
})
