import { describe, expect, it } from 'vitest'
import { SOLES_MAX_MESSAGE } from '../common/money-input'
import {
  CONSTANCIA_LIMITS,
  decodeConstancias,
  CONSTANCIA_MESSAGES as M,
  readConstancias,
  SUNAT_CONSTANCIA_HEADER,
} from './constancias-csv'

/** Two rows of SOL's export, field by field (the supplier's name with accents and a delimiter in it). */
const FIELDS = [
  [
    'D',
    '00000123456',
    '250012345678',
    '202611',
    '20100070970',
    'CONSTRUCCIÓN PEÑA; S.A.C.',
    '6',
    '20601234567',
    'MI EMPRESA S.A.C.',
    '05/12/2026',
    '1,142.00',
    '037',
    '01',
    '01',
    'F001',
    '00000123',
    '1234567',
  ],
  [
    'D',
    '00000123456',
    '250012345679',
    '202611',
    '20100070971',
    'Servicios "El Águila" E.I.R.L.',
    '6',
    '20601234567',
    'MI EMPRESA S.A.C.',
    '5/1/2027',
    '18.5',
    '027',
    '01',
    '1',
    'e001',
    '7',
    '1234568',
  ],
]

const EXPECTED = [
  {
    rowNumber: 2,
    constancia: '250012345678',
    period: '202611',
    supplierRuc: '20100070970',
    depositedOn: '2026-12-05',
    amountCents: 114_200,
    spotCode: '037',
    type: '01',
    series: 'F001',
    number: 123,
  },
  {
    rowNumber: 3,
    constancia: '250012345679',
    period: '202611',
    supplierRuc: '20100070971',
    depositedOn: '2027-01-05',
    amountCents: 1_850,
    spotCode: '027',
    type: '01',
    series: 'E001',
    number: 7,
  },
]

/** A field as a CSV writer would: quoted when it holds the delimiter or a quote, quotes doubled. */
const quoted = (delimiter: string, always: boolean) => (f: string) =>
  always || f.includes(delimiter) || f.includes('"') ? `"${f.replaceAll('"', '""')}"` : f
const file = (delimiter: string, always = false, header: readonly string[] = SUNAT_CONSTANCIA_HEADER) =>
  [header, ...FIELDS]
    .map((r) => r.map(quoted(delimiter, always)).join(delimiter))
    .join('\r\n')
    .concat('\r\n')

describe("SUNAT's export of constancias de depósito", () => {
  it("reads the same rows from '|' Windows-1252, ';' UTF-8 and ',' UTF-8 with BOM and quoted fields", async () => {
    const pipe = Buffer.from(file('|'), 'latin1')
    // Windows-1252: 'Ó' is one byte, not valid UTF-8.
    expect(pipe.includes(Buffer.from([0xd3]))).toBe(true)
    const semicolon = Buffer.from(file(';'), 'utf8')
    const comma = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(file(',', true), 'utf8')])
    const tab = Buffer.from(file('\t'), 'utf8')
    for (const bytes of [pipe, semicolon, comma, tab]) {
      expect(await readConstancias(decodeConstancias(bytes))).toEqual({ rows: EXPECTED, problems: [] })
    }
    expect(decodeConstancias(pipe)).toContain('CONSTRUCCIÓN PEÑA; S.A.C.')
    expect(decodeConstancias(comma).startsWith('"Tipo de Cuenta",')).toBe(true)
  })

  it('finds the columns by name in any order, without case, accents or extra spaces', async () => {
    const text = [
      '  Monto   Depósito ;NÚMERO CONSTANCIA;ruc proveedor;Fecha pago;Tipo de comprobante;Serie de comprobante;Número de Comprobante',
      '142.00;250000000001;20100070970;31/12/2026;01;F001;42',
    ].join('\n')
    expect(await readConstancias(text)).toEqual({
      rows: [
        {
          rowNumber: 2,
          constancia: '250000000001',
          period: null,
          supplierRuc: '20100070970',
          depositedOn: '2026-12-31',
          amountCents: 14_200,
          spotCode: null,
          type: '01',
          series: 'F001',
          number: 42,
        },
      ],
      problems: [],
    })
  })

  it('names the required columns the header lacks, in one message', async () => {
    const header = SUNAT_CONSTANCIA_HEADER.filter((h) => h !== 'Monto Deposito' && h !== 'Fecha Pago')
    expect(await readConstancias(`${header.join('|')}\n1|2|3\n`)).toEqual({
      rows: [],
      problems: [
        {
          rowNumber: 0,
          message:
            "Al encabezado del archivo le faltan las columnas 'Fecha Pago', 'Monto Deposito': cargue el archivo que descarga de 'Consulta de constancias de depósito' en SUNAT Operaciones en Línea",
        },
      ],
    })
    // The old seven-field layout of our own has none of the names.
    const old = await readConstancias('250012345678;202611;20100070970;05/12/2026;142.00;037;F001-123\n')
    expect(old.problems).toEqual([
      {
        rowNumber: 0,
        message: M.missing([
          'Numero Constancia',
          'RUC Proveedor',
          'Fecha Pago',
          'Monto Deposito',
          'Tipo de Comprobante',
          'Serie de Comprobante',
          'Numero de Comprobante',
        ]),
      },
    ])
  })

  it('names each bad row by its line and what is wrong with it', async () => {
    const header =
      'Numero Constancia|Periodo Tributario|RUC Proveedor|Fecha Pago|Monto Deposito|Tipo de Comprobante|Serie de Comprobante|Numero de Comprobante'
    const text = [
      header,
      '1|202611|20100070970|05/12/2026|142.00|01|F001',
      'A1|202611|20100070970|05/12/2026|142.00|01|F001|1',
      '1|202613|20100070970|05/12/2026|142.00|01|F001|1',
      '1|202611|2010007097|05/12/2026|142.00|01|F001|1',
      '',
      '1|202611|20100070970|31/11/2026|142.00|01|F001|1',
      '1|202611|20100070970|05/12/2026|142,00|01|F001|1',
      '1|202611|20100070970|05/12/2026|0.00|01|F001|1',
      '1|202611|20100070970|05/12/2026|142.00|FA|F001|1',
      '1|202611|20100070970|05/12/2026|142.00|01|F01|1',
      '1|202611|20100070970|05/12/2026|142.00|01|F001|0',
      '1|202611|20100070970|05/12/2026|99999999999999.99|01|F001|1',
      '1|202611|20100070970|05/12/2026|142.00|01|F001|"1',
    ].join('\n')
    expect(await readConstancias(text)).toEqual({
      rows: [],
      problems: [
        { rowNumber: 2, message: M.columns(7, 8) },
        { rowNumber: 3, message: M.constancia },
        { rowNumber: 4, message: M.period },
        { rowNumber: 5, message: M.ruc },
        { rowNumber: 7, message: M.date },
        { rowNumber: 8, message: M.amount },
        { rowNumber: 9, message: M.amount },
        { rowNumber: 10, message: M.type },
        { rowNumber: 11, message: M.series },
        { rowNumber: 12, message: M.number },
        // Two decimals: it is refused for its size, and says the largest amount.
        { rowNumber: 13, message: SOLES_MAX_MESSAGE },
        { rowNumber: 14, message: M.quote },
      ],
    })
    expect((await readConstancias('\n\n')).problems).toEqual([{ rowNumber: 0, message: M.empty }])
    expect((await readConstancias(`${header}\n\n`)).problems).toEqual([{ rowNumber: 0, message: M.empty }])
  })

  it('refuses a file over the line limit before reading any row, and lets other work run while reading', async () => {
    expect(await readConstancias('\n'.repeat(300_000))).toEqual({
      rows: [],
      problems: [
        { rowNumber: 0, message: 'El archivo tiene más de 300,000 líneas, el máximo permitido por carga' },
      ],
    })
    const row = '1|202611|20100070970|05/12/2026|142.00|01|F001|1'
    const header =
      'Numero Constancia|Periodo Tributario|RUC Proveedor|Fecha Pago|Monto Deposito|Tipo de Comprobante|Serie de Comprobante|Numero de Comprobante'
    const text = [header, ...Array.from({ length: CONSTANCIA_LIMITS.maxLines - 1 }, () => row)].join('\n')
    let pauses = 0
    const read = await readConstancias(text, { pause: async () => void pauses++, every: 1000 })
    expect(read.rows).toHaveLength(299_999)
    expect(read.rows[299_998]).toMatchObject({ rowNumber: 300_000, amountCents: 14_200, number: 1 })
    expect(pauses).toBe(300)
  })
})
