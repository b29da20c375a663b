import { describe, expect, it } from 'vitest'
import { afpnetJuneRow } from './payroll-fixtures'
import {
  afpnetRows,
  type DeclaredLine,
  joinWorkerLines,
  jorFile,
  PLAME_MESSAGES,
  plameFileName,
  remFile,
} from './plame-files'

/** The June 2026 worked row (research notes: boleta example). */
const june = (over: Partial<DeclaredLine> = {}): DeclaredLine => ({
  rowNumber: 2,
  identifierType: 1,
  identifier: '45678912',
  surname: 'QUISPE HUAMÁN',
  name: 'ROSA ELENA',
  ordinaryMinutes: 192 * 60 + 30,
  overtimeMinutes: 90,
  pensionSystem: 'AFP',
  cuspp: '123456ABCDE7',
  concepts: [
    { code: '0121', kind: 1, cents: 250000 },
    { code: '0201', kind: 1, cents: 11300 },
    { code: '0608', kind: 2, cents: 26130 },
    { code: '0601', kind: 2, cents: 4050 },
    { code: '0606', kind: 2, cents: 4442 },
    { code: '0804', kind: 3, cents: 23517 },
  ],
  ...over,
})

/** An independent reading of a PLAME file: CRLF lines, each ending in `|`, split into fields. */
function readPlame(text: string, fieldCount: number) {
  expect(text.endsWith('\r\n')).toBe(true)
  const lines = text.slice(0, -2).split('\r\n')
  return lines.map((line) => {
    expect(line).not.toMatch(/[\r\n]/)
    expect(line.endsWith('|')).toBe(true)
    const fields = line.slice(0, -1).split('|')
    expect(fields).toHaveLength(fieldCount)
    return fields
  })
}

describe('remFile', () => {
  it('writes one E18 line per concept, trailing | and CRLF, amounts with two decimals', () => {
    const result = remFile([
      june(),
      june({ rowNumber: 3, identifier: '40000001', concepts: [{ code: '0121', kind: 1, cents: 113000 }] }),
    ])
    if (!result.ok) throw new Error(result.problems.join())
    expect(result.content.split('\r\n')[0]).toBe('01|45678912|0121|2500.00|2500.00|')
    const fields = readPlame(result.content, 5)
    expect(fields.map((f) => f.slice(2))).toEqual([
      ['0121', '2500.00', '2500.00'],
      ['0201', '113.00', '113.00'],
      ['0608', '261.30', '261.30'],
      ['0601', '40.50', '40.50'],
      ['0606', '44.42', '44.42'],
      ['0804', '235.17', '235.17'],
      ['0121', '1130.00', '1130.00'],
    ])
    for (const f of fields) {
      expect(f[0]).toMatch(/^\d{2}$/)
      expect(Number(f[3])).toBeGreaterThanOrEqual(0)
      expect(f[3]).toMatch(/^\d+\.\d{2}$/)
    }
    // No document is declared by two workers: each document's lines are contiguous and its own.
    const documents = fields.map((f) => f[1])
    expect(new Set(documents).size).toBe(2)
  })

  it('refuses, naming the line, a repeated document, a type PLAME does not take, a line without concepts', () => {
    const result = remFile([
      june(),
      june({ rowNumber: 5 }),
      june({ rowNumber: 6, identifierType: 6, identifier: '20100338611' }),
      june({ rowNumber: 7, identifier: '40000002', concepts: [] }),
    ])
    expect(result).toEqual({
      ok: false,
      problems: [
        PLAME_MESSAGES.line(5, '45678912', PLAME_MESSAGES.repeated),
        PLAME_MESSAGES.line(6, '20100338611', PLAME_MESSAGES.documentType),
        PLAME_MESSAGES.line(7, '40000002', PLAME_MESSAGES.noConcepts),
      ],
    })
  })

  it('refuses a negative amount and a payroll without concepts', () => {
    const negative = remFile([june({ concepts: [{ code: '0605', kind: 2, cents: -100 }] })])
    expect(negative).toEqual({
      ok: false,
      problems: [PLAME_MESSAGES.line(2, '45678912', PLAME_MESSAGES.negative)],
    })
    expect(remFile([june({ concepts: [] })])).toEqual({
      ok: false,
      problems: [PLAME_MESSAGES.noConceptsInPayroll],
    })
  })

  it('names the file as SUNAT does', () => {
    expect(plameFileName('202606', '20100338611', 'rem')).toBe('060120260620100338611.rem')
  })
})

describe('jorFile', () => {
  it('writes hours and minutes (E14), six fields', () => {
    const result = jorFile([june()])
    if (!result.ok) throw new Error(result.problems.join())
    expect(readPlame(result.content, 6)).toEqual([['01', '45678912', '192', '30', '1', '30']])
  })

  it('refuses more than 360 hours and a line without hours', () => {
    const result = jorFile([
      june({ ordinaryMinutes: 361 * 60 }),
      june({ rowNumber: 4, identifier: '40000003', ordinaryMinutes: null }),
    ])
    expect(result).toEqual({
      ok: false,
      problems: [
        PLAME_MESSAGES.line(2, '45678912', PLAME_MESSAGES.tooManyHours),
        PLAME_MESSAGES.line(4, '40000003', PLAME_MESSAGES.noHours),
      ],
    })
  })
})

describe('afpnetRows', () => {
  it('gives 17 columns A–Q with the remuneración asegurable in L (S/ 2,613.00 in June 2026)', () => {
    const result = afpnetRows([
      june(),
      june({ rowNumber: 3, identifier: '40000004', pensionSystem: 'ONP', cuspp: null }),
    ])
    if (!result.ok) throw new Error(result.problems.join())
    expect(result.content).toEqual([afpnetJuneRow('45678912')])
  })

  it('refuses an AFP line without CUSPP, and one whose 0608 is not 10 % of its income', () => {
    const wrong = june().concepts.map((c) => (c.code === '0608' ? { ...c, cents: 26100 } : c))
    const result = afpnetRows([
      june({ cuspp: null }),
      june({ rowNumber: 3, identifier: '40000005', concepts: wrong }),
    ])
    expect(result).toEqual({
      ok: false,
      problems: [
        PLAME_MESSAGES.line(2, '45678912', PLAME_MESSAGES.noCuspp),
        PLAME_MESSAGES.line(3, '40000005', PLAME_MESSAGES.afpContribution('261.30', '261.00')),
      ],
    })
  })
})

describe('joinWorkerLines (a company declares the month once)', () => {
  // The June worker paid in two payrolls of the month: a first fortnight and the rest.
  const first = {
    ...june({
      ordinaryMinutes: 96 * 60,
      overtimeMinutes: null,
      concepts: [
        { code: '0121', kind: 1, cents: 125000 },
        { code: '0608', kind: 2, cents: 12500 },
      ],
    }),
    payrollCode: 'Q1-2026-06',
  }
  const second = {
    ...june({ rowNumber: 7, ordinaryMinutes: 96 * 60 + 30 }),
    concepts: [
      { code: '0121', kind: 1, cents: 125000 },
      { code: '0201', kind: 1, cents: 11300 },
      { code: '0608', kind: 2, cents: 13630 },
      { code: '0804', kind: 3, cents: 23517 },
    ],
    payrollCode: 'Q2-2026-06',
  }

  it('sums each concept by code and the hours, and names both payrolls', () => {
    const { line, problems } = joinWorkerLines([first, second])
    expect(problems).toEqual([])
    expect(line.concepts).toEqual([
      { code: '0121', kind: 1, cents: 250000 },
      { code: '0608', kind: 2, cents: 26130 },
      { code: '0201', kind: 1, cents: 11300 },
      { code: '0804', kind: 3, cents: 23517 },
    ])
    expect(line.ordinaryMinutes).toBe(192 * 60 + 30)
    expect(line.overtimeMinutes).toBe(90)
    expect(line.source).toBe('Planilla Q1-2026-06, fila 2; Planilla Q2-2026-06, fila 7')
    // The joined line is one worker in the files: one .rem line per concept, one .jor line.
    const rem = remFile([line])
    if (!rem.ok) throw new Error(rem.problems.join())
    expect(rem.content.split('\r\n')[0]).toBe('01|45678912|0121|2500.00|2500.00|')
    const afp = afpnetRows([line])
    if (!afp.ok) throw new Error(afp.problems.join())
    expect(afp.content[0][11]).toBe(2613)
  })

  it("does not change the worker's own input", () => {
    joinWorkerLines([first, second])
    expect(first.concepts[0].cents).toBe(125000)
  })

  it('refuses a worker whose pension system differs between the payrolls, naming them', () => {
    const { line, problems } = joinWorkerLines([first, { ...second, pensionSystem: 'ONP', cuspp: null }])
    expect(problems).toEqual([
      PLAME_MESSAGES.sourceLine(line.source ?? '', '45678912', PLAME_MESSAGES.pensionDiffers),
    ])
    expect(problems[0]).toMatch(
      /^Planilla Q1-2026-06, fila 2; Planilla Q2-2026-06, fila 7 \(documento 45678912\)/,
    )
  })

  it('keeps a lone line as it is, named by its payroll', () => {
    const { line, problems } = joinWorkerLines([second])
    expect(problems).toEqual([])
    expect(line.concepts).toEqual(second.concepts)
    expect(line.source).toBe('Planilla Q2-2026-06, fila 7')
  })
})
