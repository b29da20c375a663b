import { describe, expect, it } from 'vitest'
import {
  type FourthCategoryReceipt,
  plame4ta,
  plameFourthCategoryFileName,
  plameNames,
  plamePs4,
  plameReceiptProblems,
} from './plame-fourth-category'

const receipt = (over: Partial<FourthCategoryReceipt> = {}): FourthCategoryReceipt => ({
  supplierRuc: '10456789012',
  supplierName: 'Núñez Peña María José',
  series: 'E001',
  number: 27,
  issueDate: '2026-06-10',
  paidOn: '2026-06-15',
  totalCents: 200_000,
  fourthCategoryCents: 16_000,
  ...over,
})

describe("PLAME's fourth-category files", () => {
  it('names them 0601 + AAAAMM + RUC', () => {
    expect(plameFourthCategoryFileName('202606', '20600000011', 'ps4')).toBe('060120260620600000011.ps4')
    expect(plameFourthCategoryFileName('202606', '20600000011', '4ta')).toBe('060120260620600000011.4ta')
  })

  it('.ps4: one line per provider, accent-free upper case, a | after every field, CRLF', () => {
    const text = plamePs4([
      receipt(),
      receipt({ number: 28 }),
      receipt({ supplierRuc: '10111111111', supplierName: 'Rojas Vega Luis' }),
    ])
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines.map((l) => l.split('|'))).toEqual([
      ['06', '10456789012', 'NUNEZ', 'PENA', 'MARIA JOSE', '1', '0', ''],
      ['06', '10111111111', 'ROJAS', 'VEGA', 'LUIS', '1', '0', ''],
    ])
  })

  it('.4ta: one line per receipt with the gross fee, dd/mm/aaaa dates and the retention flag', () => {
    const text = plame4ta([receipt(), receipt({ number: 28, totalCents: 150_000, fourthCategoryCents: 0 })])
    expect(text).toBe(
      '06|10456789012|R|E001|27|2000.00|10/06/2026|15/06/2026|1|3||\r\n' +
        '06|10456789012|R|E001|28|1500.00|10/06/2026|15/06/2026|0|3||\r\n',
    )
  })

  it('splits a name into paternal and maternal surnames and names; refuses names over 40 characters', () => {
    expect(plameNames('  torres  quispe ana  ')).toEqual({
      paternal: 'TORRES',
      maternal: 'QUISPE',
      names: 'ANA',
    })
    // 40 characters of names pass; 42 do not.
    const long = receipt({ supplierName: 'Paz Soldán Alejandro Alejandro Alejandro Alejandros' })
    expect(plameReceiptProblems([receipt(), long, long])).toEqual([])
    const longer = receipt({
      supplierRuc: '10222222222',
      supplierName: 'Paz Soldán Alejandro Alejandro Alejandro Alejandros X',
    })
    expect(plameReceiptProblems([longer])).toEqual([
      'Los nombres del proveedor con R.U.C. 10222222222 pasan de 40 caracteres: corríjalos en sus datos',
    ])
  })
})
