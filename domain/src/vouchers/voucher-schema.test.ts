import { describe, expect, it } from 'vitest'
import { addDays } from '../common/dates'
import { todayInLima } from '../common/format'
import {
  ApproveSchema,
  AuthorizeSchema,
  CancelSchema,
  PaySchema,
  RejectSchema,
  RetentionRateSchema,
  SpotRateSchema,
  VoucherSchema,
} from './voucher-schema'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])

const voucher = {
  companyId: 1,
  supplierId: 2,
  type: '01',
  series: 'f001',
  number: '000123',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  base: '1000.00',
  igv: '180',
  total: '1180.00',
  description: 'Mantenimiento de montacargas',
  expenseLineId: 3,
}

describe('VoucherSchema', () => {
  it('reads a factura: series upper case, number and amounts in céntimos, soles only', () => {
    const parsed = VoucherSchema.parse(voucher)
    expect(parsed).toMatchObject({
      series: 'F001',
      number: 123,
      base: 100_000,
      igv: 18_000,
      total: 118_000,
      currency: 'PEN',
    })
  })

  it('refuses a total that is not base + IGV, a due date before the issue, commas and a credit note without its voucher', () => {
    expect(messagesOf(VoucherSchema.safeParse({ ...voucher, total: '1180.01' }))).toEqual([
      'El total debe ser la base imponible más el IGV',
    ])
    expect(messagesOf(VoucherSchema.safeParse({ ...voucher, dueDate: '2026-11-01' }))).toEqual([
      'Fecha de vencimiento no puede ser anterior a la fecha de emisión',
    ])
    expect(messagesOf(VoucherSchema.safeParse({ ...voucher, base: '1,000.00' }))).toEqual([
      'Debe ser un valor numérico, no debe incluir comas',
    ])
    expect(messagesOf(VoucherSchema.safeParse({ ...voucher, type: '07' }))).toEqual([
      'La nota de crédito debe indicar el comprobante que modifica',
    ])
    expect(messagesOf(VoucherSchema.safeParse({ ...voucher, creditsVoucherId: 9 }))).toEqual([
      'Solo una nota de crédito indica el comprobante que modifica',
    ])
    expect(
      messagesOf(VoucherSchema.safeParse({ ...voucher, currency: 'EUR', series: 'F-1', number: '0' })),
    ).toEqual([
      'Serie debe tener 4 caracteres, letras y números (p. ej. F001)',
      'Número debe tener entre 1 y 8 dígitos',
      'Moneda debe ser soles (PEN) o dólares (USD)',
    ])
    expect(VoucherSchema.parse({ ...voucher, currency: 'USD' }).currency).toBe('USD')
    expect(messagesOf(VoucherSchema.safeParse({ ...voucher, type: '02', currency: 'USD' }))).toEqual([
      'Los recibos por honorarios se registran en soles (PEN)',
    ])
  })
})

describe('the five dialogs', () => {
  it('authorize: project type and period AAAAMM-NNN of at most 11 characters', () => {
    expect(AuthorizeSchema.parse({ projectTypeId: '4', period: '202409-001' })).toEqual({
      projectTypeId: 4,
      period: '202409-001',
    })
    expect(messagesOf(AuthorizeSchema.safeParse({ period: '' }))).toEqual([
      'Tipo de proyecto es requerido',
      'Periodo es requerido',
    ])
    expect(messagesOf(AuthorizeSchema.safeParse({ projectTypeId: 1, period: '202409-00001' }))).toEqual([
      'Periodo admite como máximo 11 caracteres',
    ])
    expect(messagesOf(AuthorizeSchema.safeParse({ projectTypeId: 1, period: '202413-001' }))).toEqual([
      'Periodo debe tener el formato AAAAMM-NNN (p. ej. 202409-001)',
    ])
  })

  it('reject: a reason from the catalogue', () => {
    expect(messagesOf(RejectSchema.safeParse({}))).toEqual(['Motivo de rechazo es requerido'])
    expect(RejectSchema.parse({ rejectReasonId: '2', note: ' ' })).toEqual({ rejectReasonId: 2, note: null })
  })

  it('approve: payment type, the specified percentage 1–100 with its message, the switch', () => {
    expect(
      ApproveSchema.parse({ paymentType: '1', spotCode: '037', detractionRate: '12', retention: 'on' }),
    ).toEqual({
      paymentType: 1,
      spotCode: '037',
      detractionRate: 1200,
      referenceValue: null,
      rateReason: null,
      retention: true,
      retentionReason: null,
    })
    expect(ApproveSchema.parse({ paymentType: 2, detractionRate: '1.5' }).detractionRate).toBe(150)
    for (const bad of ['0', '101', 'doce', '12.345'])
      expect(messagesOf(ApproveSchema.safeParse({ paymentType: 1, detractionRate: bad }))).toEqual([
        'El porcentaje de detracción debe ser un porcentaje válido',
      ])
    expect(messagesOf(ApproveSchema.safeParse({ spotCode: '37' }))).toEqual([
      'Tipo de pago es requerido',
      'Código de detracción inválido',
    ])
  })

  it('approve: a valor referencial in soles, only with code 027', () => {
    expect(
      ApproveSchema.parse({ paymentType: 1, spotCode: '027', referenceValue: '1500.00' }).referenceValue,
    ).toBe(150_000)
    expect(
      ApproveSchema.parse({ paymentType: 1, spotCode: '027', referenceValue: ' ' }).referenceValue,
    ).toBeNull()
    expect(
      messagesOf(ApproveSchema.safeParse({ paymentType: 1, spotCode: '037', referenceValue: '1500' })),
    ).toEqual([
      'El valor referencial solo se usa con el código 027 (servicio de transporte de bienes por vía terrestre)',
    ])
    expect(
      messagesOf(ApproveSchema.safeParse({ paymentType: 1, spotCode: '027', referenceValue: '0' })),
    ).toEqual(['El valor referencial debe ser mayor a cero'])
    expect(
      messagesOf(ApproveSchema.safeParse({ paymentType: 1, spotCode: '027', referenceValue: '1,500' })),
    ).toEqual(['Debe ser un valor numérico, no debe incluir comas'])
  })

  it('paid: amount without commas, a date not after today in Lima', () => {
    expect(PaySchema.parse({ paidAmount: '1038.00', paidOn: todayInLima() }).paidAmount).toBe(103_800)
    expect(
      messagesOf(PaySchema.safeParse({ paidAmount: '1,038.00', paidOn: addDays(todayInLima(), 1) })),
    ).toEqual([
      'Debe ser un valor numérico, no debe incluir comas',
      'Fecha de pago no puede ser posterior a hoy',
    ])
    expect(messagesOf(PaySchema.safeParse({ paidAmount: '', paidOn: '' }))).toEqual([
      'Monto pagado es requerido',
      'Fecha de pago es requerida',
    ])
    expect(messagesOf(PaySchema.safeParse({ paidAmount: '0', paidOn: todayInLima() }))).toEqual([
      'El monto pagado debe ser mayor a cero',
    ])
  })

  it('cancel: request date, reason of at most 255, a valid requester e-mail', () => {
    expect(
      messagesOf(CancelSchema.safeParse({ requestDate: '', reason: 'x'.repeat(256), requestedBy: 'jefe@' })),
    ).toEqual([
      'Fecha de solicitud es requerida',
      'Motivo de anulación admite como máximo 255 caracteres',
      'Ingrese un correo electrónico válido',
    ])
    expect(
      CancelSchema.parse({
        requestDate: todayInLima(),
        reason: ' Duplicado ',
        requestedBy: 'jefe@empresa.pe',
      }).reason,
    ).toBe('Duplicado')
  })
})

describe('a dated rate row (SpotRateSchema, RetentionRateSchema)', () => {
  const spot = { code: '037', description: 'Demás servicios', rate: '12', minimum: '700' }
  it('bounds Vigente desde to 2000-01-01..2100-12-31', () => {
    for (const validFrom of ['1900-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])
      expect(messagesOf(SpotRateSchema.safeParse({ ...spot, validFrom, reason: 'x' }))).toEqual([
        'Vigente desde debe estar entre el 01/01/2000 y el 31/12/2100',
      ])
    expect(SpotRateSchema.safeParse({ ...spot, validFrom: '2100-12-31' }).success).toBe(true)
  })
  it('asks the reason of a row valid from before today, and of no other', () => {
    const yesterday = addDays(todayInLima(), -1)
    expect(
      messagesOf(RetentionRateSchema.safeParse({ rate: '3', threshold: '700', validFrom: yesterday })),
    ).toEqual([
      'Vigente desde es anterior a hoy: indique el motivo (la nueva tasa se aplicará a comprobantes ya emitidos)',
    ])
    expect(
      RetentionRateSchema.parse({ rate: '3', threshold: '700', validFrom: yesterday, reason: ' Resolución ' })
        .reason,
    ).toBe('Resolución')
    expect(SpotRateSchema.parse({ ...spot, validFrom: todayInLima() }).reason).toBeNull()
  })
})
