import { describe, expect, it } from 'vitest'
import {
  BN_FILE_MESSAGES,
  BN_MESSAGES,
  type BnDetraccionesInput,
  type BnDetraccionLine,
  bnLote,
  checkBnDetraccionesFile,
  writeBnDetracciones,
} from './bn-detracciones'
import { fixedWidthRecord } from './common'

const line = (over: Partial<BnDetraccionLine> = {}): BnDetraccionLine => ({
  supplierRuc: '20100070970',
  code: '037',
  account: '00012345678',
  amountCents: 12_000,
  period: '2026-10',
  voucherType: '01',
  series: 'F001',
  number: 123,
  ...over,
})

const input: BnDetraccionesInput = {
  payer: { ruc: '20512528458', name: 'Comercial Andina S.A.C.' },
  lote: bnLote(2026, 1),
  lines: [
    line(),
    // A debit note is written as a factura (01); S/ 40.50 keeps its céntimos.
    line({
      supplierRuc: '20100047218',
      code: '027',
      account: '00098765432',
      amountCents: 4_050,
      period: '202610',
      voucherType: '08',
      series: 'FD01',
      number: '45678901',
    }),
  ],
}

const write = (value: BnDetraccionesInput) => {
  const result = writeBnDetracciones(value)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result
}

describe('Banco de la Nación: depósito masivo de detracciones', () => {
  it('writes the hand-checked example: name, header and every detail field at its position', () => {
    const file = write(input)
    expect(file.fileName).toBe('D20512528458260001.txt')
    const [header, first, second] = file.records
    expect(header).toBe(
      '*' + // 1 buyer mode
        '20512528458' + // 2–12 payer RUC
        'COMERCIAL ANDINA S.A.C.            ' + // 13–47 name X(35)
        '260001' + // 48–53 lote AANNNN
        '000000000016050', // 54–68 total 120.00 + 40.50 = 160.50, no point
    )
    expect(header).toHaveLength(68)
    expect(first).toBe(
      '6' + // 1 document type RUC
        '20100070970' + // 2–12 supplier RUC
        '                                   ' + // 13–47 name: blank for a RUC (35)
        '000000000' + // 48–56 proforma
        '037' + // 57–59 catalogue-54 code
        '00012345678' + // 60–70 BN account
        '000000000012000' + // 71–85 amount 120.00
        '01' + // 86–87 operation type
        '202610' + // 88–93 period AAAAMM
        '01' + // 94–95 factura
        'F001' + // 96–99 series
        '00000123', // 100–107 number
    )
    expect(second).toBe(
      '6' +
        '20100047218' +
        ' '.repeat(35) +
        '000000000' +
        '027' +
        '00098765432' +
        '000000000004050' + // 71–85: 40.50
        '01' +
        '202610' +
        '01' + // 94–95: the debit note (08) as 01
        'FD01' +
        '45678901',
    )
    for (const detail of [first, second]) expect(detail).toHaveLength(107)
    expect(second.slice(70, 85)).toBe('000000000004050') // positions 71–85
    expect(second.slice(93, 95)).toBe('01') // positions 94–95
    expect(file).toMatchObject({ totalCents: 16_050, lineCount: 2 })
  })

  it('encodes Latin-1 with CRLF after every line, the last included', () => {
    const file = write({ ...input, payer: { ...input.payer, name: 'Señor de Muruhuay E.I.R.L.' } })
    expect(file.bytes.length).toBe(68 + 2 + 107 + 2 + 107 + 2)
    const bytes = Buffer.from(file.bytes)
    expect(bytes.subarray(68, 70).toString('latin1')).toBe('\r\n')
    expect(bytes.subarray(bytes.length - 2).toString('latin1')).toBe('\r\n')
    expect(bytes[12 + 2]).toBe(0xd1) // 'SEÑOR': the Ñ at position 15, one byte
    expect(bytes.subarray(12, 38).toString('latin1')).toBe('SEÑOR DE MURUHUAY E.I.R.L.')
  })

  it('writes the proforma blank when asked, and cuts a long company name at 35 as the sources do', () => {
    const file = write({
      ...input,
      proforma: 'blank',
      payer: { ...input.payer, name: 'Corporación de Servicios Generales del Sur Andino S.A.' },
    })
    expect(file.records[0].slice(12, 47)).toBe('CORPORACION DE SERVICIOS GENERALES ')
    expect(file.records[1].slice(47, 56)).toBe('         ')
  })

  it('never writes a record of the wrong length: the record helper throws', () => {
    expect(fixedWidthRecord('de prueba', 'x'.repeat(107), 107)).toHaveLength(107)
    expect(() => fixedWidthRecord('de prueba', 'x'.repeat(106), 107)).toThrow(
      'El registro de prueba mide 106 caracteres y debe medir 107',
    )
  })

  it('numbers lotes AANNNN', () => {
    expect(bnLote(2026, 1)).toBe('260001')
    expect(bnLote(2031, 9999)).toBe('319999')
    expect(() => bnLote(2026, 10_000)).toThrow()
    expect(() => bnLote(2026, 0)).toThrow()
  })

  it('refuses the whole file, listing every problem with its line', () => {
    const result = writeBnDetracciones({
      payer: { ruc: '20512528450', name: 'Comercial Andina' },
      lote: '26001',
      lines: [
        line({ rowNumber: 7, supplierRuc: '20100070971' }),
        line({ account: '0001234567' }),
        line({ code: '37' }),
        line({ amountCents: 0 }),
        line({ amountCents: -500 }),
        line({ amountCents: 10.5 }),
        line({ voucherType: '07' }),
        line({ voucherType: '02' }),
        line({ period: '202613' }),
        line({ series: 'F01' }),
        line({ number: '123456789' }),
      ],
    })
    expect(result).toEqual({
      ok: false,
      problems: [
        { rowNumber: null, message: BN_MESSAGES.payerRuc },
        { rowNumber: null, message: BN_MESSAGES.lote },
        { rowNumber: 7, message: BN_MESSAGES.supplierRuc },
        { rowNumber: 2, message: BN_MESSAGES.account },
        { rowNumber: 3, message: BN_MESSAGES.code },
        { rowNumber: 4, message: BN_MESSAGES.amount },
        { rowNumber: 5, message: BN_MESSAGES.amount },
        { rowNumber: 6, message: BN_MESSAGES.amount },
        { rowNumber: 7, message: BN_MESSAGES.creditNote },
        { rowNumber: 8, message: BN_MESSAGES.voucherType },
        { rowNumber: 9, message: BN_MESSAGES.period },
        { rowNumber: 10, message: BN_MESSAGES.series },
        { rowNumber: 11, message: BN_MESSAGES.number },
      ],
    })
  })

  it('refuses an empty lote, an amount or a total past 13 integer digits', () => {
    expect(writeBnDetracciones({ ...input, lines: [] })).toEqual({
      ok: false,
      problems: [{ rowNumber: null, message: BN_MESSAGES.noLines }],
    })
    expect(writeBnDetracciones({ ...input, lines: [line({ amountCents: 10 ** 15 })] })).toEqual({
      ok: false,
      problems: [{ rowNumber: 1, message: BN_MESSAGES.amountTooLarge }],
    })
    const half = 600_000_000_000_000
    expect(
      writeBnDetracciones({ ...input, lines: [line({ amountCents: half }), line({ amountCents: half })] }),
    ).toEqual({ ok: false, problems: [{ rowNumber: null, message: BN_MESSAGES.totalTooLarge }] })
  })
})

describe('re-reading a produced BN file before download', () => {
  const file = write(input)
  const latin1 = (text: string) => Buffer.from(text, 'latin1')

  it('finds the written file sound: total = sum of details, count, name', () => {
    expect(checkBnDetraccionesFile(file.bytes, { lineCount: 2, fileName: file.fileName })).toEqual({
      problems: [],
      summary: { ruc: '20512528458', lote: '260001', totalCents: 16_050, lineCount: 2 },
    })
  })

  it('finds a short line, a header total that is not the sum, LF line ends, a wrong count and name', () => {
    const [header, first, second] = file.records
    expect(
      checkBnDetraccionesFile(latin1(`${header}\r\n${first.slice(1)}\r\n${second}\r\n`)).problems,
    ).toEqual([BN_FILE_MESSAGES.detailLength(2, 106)])
    const badTotal = `${header.slice(0, 53)}000000000016051`
    expect(checkBnDetraccionesFile(latin1(`${badTotal}\r\n${first}\r\n${second}\r\n`)).problems).toEqual([
      BN_FILE_MESSAGES.total(16_051, 16_050),
    ])
    expect(checkBnDetraccionesFile(latin1(`${header}\n${first}\n${second}\n`)).problems).toEqual([
      BN_FILE_MESSAGES.lineEnd,
    ])
    expect(checkBnDetraccionesFile(latin1(`${header}\r\n${first}\r\n${second}`)).problems).toEqual([
      BN_FILE_MESSAGES.lineEnd,
    ])
    expect(
      checkBnDetraccionesFile(file.bytes, { lineCount: 3, fileName: 'D20512528458260002.txt' }).problems,
    ).toEqual([BN_FILE_MESSAGES.count(2, 3), BN_FILE_MESSAGES.fileName('D20512528458260001.txt')])
    const letterInAmount = `${first.slice(0, 80)}X${first.slice(81)}`
    expect(
      checkBnDetraccionesFile(latin1(`${header}\r\n${letterInAmount}\r\n${second}\r\n`)).problems,
    ).toEqual([BN_FILE_MESSAGES.detailFields(2)])
  })
})
