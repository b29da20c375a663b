import { describe, expect, it } from 'vitest'
import {
  csvRows,
  ExchangeRateSchema,
  foreignDetractionOf,
  foreignNetCents,
  foreignOfSoles,
  formatCurrencyCents,
  formatRate,
  parseRate,
  rateInForceOn,
  rateOnDay,
  readExchangeRateRows,
  runRateOn,
  solesOfForeign,
} from './exchange-rate'
import { retentionOf, type SpotRate } from './spot'

const spot: SpotRate[] = [
  {
    code: '037',
    description: 'Demás servicios gravados con el IGV',
    rateBp: 1200,
    minimumCents: 70000,
    validFrom: '2018-04-01',
  },
]
const retention = [{ rateBp: 300, thresholdCents: 70000, validFrom: '2014-03-01' }]
const agent = {
  companyIsAgent: true,
  supplier: { retentionAgent: false, perceptionAgent: false, goodTaxpayer: false },
  documentType: '01',
  underDetraction: false,
}

describe('exchange rates', () => {
  it('reads and writes a rate as an exact integer in thousandths', () => {
    expect(parseRate('3.8')).toBe(3800)
    expect(parseRate('3.752')).toBe(3752)
    expect(parseRate(' 3 ')).toBe(3000)
    for (const bad of ['0', '0.000', '-3.8', '3.7521', '3,752', 'abc', '', '3800'])
      expect(parseRate(bad)).toBeNull()
    expect(formatRate(3752)).toBe('3.752')
    expect(formatRate(3050)).toBe('3.050')
    expect(formatRate(null)).toBe('---')
  })

  it('turns dollars into soles and back, rounding half up to the céntimo', () => {
    expect(solesOfForeign(118000, 3800)).toBe(448400)
    expect(solesOfForeign(1, 3755)).toBe(4) // 0.03755 soles → 0.04
    expect(foreignOfSoles(53800, 3800)).toBe(14158) // 141.578… → 141.58
    expect(formatCurrencyCents('USD', 118000)).toBe('US$ 1,180.00')
    expect(formatCurrencyCents('PEN', 118000)).toBe('S/ 1,180.00')
  })

  it('finds the issue day exactly and the payment day or the last published before it', () => {
    const rows = [
      { day: '2026-03-06', sellRateMilli: 3760 },
      { day: '2026-03-09', sellRateMilli: 3790 },
    ]
    expect(rateOnDay(rows, '2026-03-07')).toBeUndefined()
    expect(rateOnDay(rows, '2026-03-09')?.sellRateMilli).toBe(3790)
    expect(rateInForceOn(rows, '2026-03-08')?.sellRateMilli).toBe(3760) // Sunday: Friday's
    expect(rateInForceOn(rows, '2026-03-05')).toBeUndefined()
  })

  it("gives a supplier run the payment day's rate, or the last before it, never for a day after today", () => {
    const rows = [{ day: '2026-03-06', sellRateMilli: 3760 }]
    expect(runRateOn(rows, '2026-03-08', '2026-03-08')?.sellRateMilli).toBe(3760) // Sunday: Friday's
    expect(runRateOn(rows, '2026-03-06', '2026-03-06')?.sellRateMilli).toBe(3760)
    expect(runRateOn(rows, '2026-03-09', '2026-03-08')).toBeUndefined() // not published yet
  })
})

describe('the detracción of a dollar voucher, in soles', () => {
  it('US$ 1,180 at 3.800 = S/ 4,484 → 12 % = 538.08 → deposits S/ 538', () => {
    const d = foreignDetractionOf(spot, '037', 118000, 3800, '2026-03-09')
    expect(d).toMatchObject({ applies: true, amountCents: 53800, totalSolesCents: 448400 })
  })

  it('compares the minimum in soles: US$ 180 (S/ 684) is under S/ 700, US$ 190 (S/ 722) is over', () => {
    expect(foreignDetractionOf(spot, '037', 18000, 3800, '2026-03-09')).toMatchObject({ applies: false })
    expect(foreignDetractionOf(spot, '037', 19000, 3800, '2026-03-09')).toMatchObject({
      applies: true,
      amountCents: 8700, // 12 % of 722.00 = 86.64 → 87
    })
  })

  it('pays the supplier the total less the deductions turned back into dollars', () => {
    expect(foreignNetCents(118000, 53800, 3800, 0, null)).toBe(118000 - 14158)
    expect(foreignNetCents(100000, 0, null, 11370, 3790)).toBe(100000 - 3000)
  })
})

describe('the retention of a dollar voucher, in soles at the payment date rate', () => {
  it('US$ 200 at 3.790 is S/ 758, over S/ 700: retains 3 % = S/ 22.74', () => {
    const soles = solesOfForeign(20000, 3790)
    expect(soles).toBe(75800)
    expect(retentionOf(retention, [{ ...agent, totalCents: soles }], '2026-03-10')?.amounts).toEqual([2274])
  })

  it('US$ 180 at 3.790 is S/ 682.20, not over S/ 700: no retention', () => {
    const soles = solesOfForeign(18000, 3790)
    expect(retentionOf(retention, [{ ...agent, totalCents: soles }], '2026-03-10')?.amounts).toEqual([0])
  })
})

describe('the form and the import', () => {
  it('refuses a future day, a zero rate and a blank rate in Spanish', () => {
    const r = ExchangeRateSchema.safeParse({ day: '2999-01-01', rate: '0' })
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual([
      'El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)',
      'La fecha debe estar entre el 01/01/2000 y hoy',
    ])
    expect(ExchangeRateSchema.parse({ day: '2026-03-09', rate: '3.79' })).toEqual({
      day: '2026-03-09',
      rate: 3790,
      reason: null,
    })
  })

  it('reads a CSV with a header, both date forms and both separators', () => {
    const rows = csvRows('\uFEFFFecha;Venta\r\n06/03/2026;3,760\r\n2026-03-09;3.790\r\n\r\n')
    expect(readExchangeRateRows(rows, '2026-03-10')).toEqual({
      rates: [
        { line: 2, day: '2026-03-06', sellRateMilli: 3760 },
        { line: 3, day: '2026-03-09', sellRateMilli: 3790 },
      ],
      problems: [],
    })
  })

  it('reports each bad line: a repeated day, a negative rate, a day out of bounds, three columns', () => {
    const rows = csvRows(
      'fecha,venta\n2026-03-06,3.760\n2026-03-06,3.770\n2026-03-09,-3.7\n1999-12-31,3.1\n2026-03-09,3,790',
    )
    expect(readExchangeRateRows(rows, '2026-03-10').problems).toEqual([
      { line: 3, message: 'La fecha 06/03/2026 se repite en la línea 2' },
      {
        line: 4,
        message: 'El tipo de cambio debe ser un número positivo con hasta 3 decimales (p. ej. 3.752)',
      },
      { line: 5, message: 'La fecha debe estar entre el 01/01/2000 y hoy' },
      { line: 6, message: 'Cada línea lleva dos columnas: fecha y tipo de cambio (sin separador de miles)' },
    ])
    expect(readExchangeRateRows(csvRows('fecha;venta\n'), '2026-03-10').problems).toEqual([
      { line: 1, message: 'El archivo no tiene filas con fecha y tipo de cambio' },
    ])
  })
})
