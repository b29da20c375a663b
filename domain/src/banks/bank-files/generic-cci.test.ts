import { describe, expect, it } from 'vitest'
import { paymentLine } from './bank-file-fixtures'
import { BANK_FILE_MESSAGES, type PaymentFileLine } from './common'
import { buildGenericCciRows, GENERIC_CCI, GENERIC_CCI_CURRENCIES } from './generic-cci'

const header = {
  debitBankCode: '011',
  debitAccount: '00110123456789',
  currency: 'PEN',
  paymentDate: '2026-11-30',
  reference: 'Haberes noviembre',
}
const line = (over: Partial<PaymentFileLine>) =>
  paymentLine({
    fullName: 'Peña Ríos, Ana',
    bankCode: '011',
    bankAccount: '0011-0123-0200456789',
    bankInterAccount: '01112300012345678977',
    amount: '1200.5',
    ...over,
  })

describe('generic CCI transfer rows', () => {
  it('writes one row per line, paid to its CCI, with the total', () => {
    const result = buildGenericCciRows(header, [
      line({}),
      line({ rowNumber: 3, identifier: '45678913', amount: '99.99' }),
    ])
    expect(result).toEqual({
      ok: true,
      count: 2,
      totalCents: 130049n,
      rows: [
        ['DNI', '45678912', 'PEÑA RIOS, ANA', '01112300012345678977', 'PEN', 1200.5, 'HABERES NOVIEMBRE'],
        ['DNI', '45678913', 'PEÑA RIOS, ANA', '01112300012345678977', 'PEN', 99.99, 'HABERES NOVIEMBRE'],
      ],
    })
    expect(GENERIC_CCI.columns).toHaveLength(7)
  })

  it('lists every problem: currency, CCI missing or of another bank, amount, paid, awaiting review, name', () => {
    const result = buildGenericCciRows({ ...header, currency: 'USD' }, [
      line({ rowNumber: 2, bankInterAccount: null }),
      line({ rowNumber: 3, bankCode: '002' }),
      line({ rowNumber: 4, amount: '-1' }),
      line({ rowNumber: 5, paid: true, awaitingReview: true }),
      line({ rowNumber: 6, fullName: 'B'.repeat(81) }),
    ])
    expect(result).toEqual({
      ok: false,
      problems: [
        { rowNumber: null, message: BANK_FILE_MESSAGES.currency },
        { rowNumber: 2, message: BANK_FILE_MESSAGES.cciRequired },
        { rowNumber: 3, message: BANK_FILE_MESSAGES.cciBank },
        { rowNumber: 4, message: BANK_FILE_MESSAGES.amount },
        { rowNumber: 5, message: BANK_FILE_MESSAGES.alreadyPaid },
        { rowNumber: 5, message: BANK_FILE_MESSAGES.awaitingReview },
        { rowNumber: 6, message: BANK_FILE_MESSAGES.nameLength(80, 81) },
      ],
    })
  })

  it("writes a supplier run's dollar form: 'Moneda' USD and 'Monto' in dollars; a payroll's order keeps refusing dollars", () => {
    const usd = { ...header, currency: 'USD' }
    expect(buildGenericCciRows(usd, [line({ amount: '1144.6' })], GENERIC_CCI_CURRENCIES)).toEqual({
      ok: true,
      count: 1,
      totalCents: 114460n,
      rows: [
        ['DNI', '45678912', 'PEÑA RIOS, ANA', '01112300012345678977', 'USD', 1144.6, 'HABERES NOVIEMBRE'],
      ],
    })
    expect(buildGenericCciRows(usd, [line({})])).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: BANK_FILE_MESSAGES.currency }],
    })
    expect(buildGenericCciRows({ ...header, currency: 'EUR' }, [line({})], GENERIC_CCI_CURRENCIES)).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: BANK_FILE_MESSAGES.currency }],
    })
  })
})
