import { describe, expect, it } from 'vitest'
import { buildCci } from '../common/identifiers'
import { rucCheckDigit } from '../common/ruc'
import { SupplierSchema, SupplierUpdateSchema } from './supplier-schema'

const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`
const supplier = {
  ruc: ruc('2050000001'),
  name: 'Transportes Rápidos S.A.C.',
  address: 'Av. Argentina 100, Callao',
  supplierType: '2',
  managementType: '1',
  bankIdentifierType: '6',
  bankIdentifier: ruc('2050000001'),
  bankHolder: 'Transportes Rápidos S.A.C.',
  bankId: '002',
  bankAccount: '1931234567012',
  accountType: '2',
  bankInterAccount: buildCci('002', '193', '1234567012'),
  detractionAccount: '00012345678',
  retentionAgent: 'on',
}

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])

describe('SupplierSchema', () => {
  it('reads a supplier with its bank data and tax flags (a ticked box is yes, a missing one no)', () => {
    const parsed = SupplierSchema.parse(supplier)
    expect(parsed).toMatchObject({
      supplierType: 2,
      accountType: 2,
      retentionAgent: true,
      perceptionAgent: false,
      goodTaxpayer: false,
      mobile: null,
    })
  })

  it('checks the RUC digit, the CCI check digits and bank, the BN account of 11 digits and the mobile', () => {
    const bad = SupplierSchema.safeParse({
      ...supplier,
      ruc: '20500000010',
      bankInterAccount: buildCci('003', '193', '123456701'),
      detractionAccount: '1234567890',
      mobile: '812345678',
      email: 'no-es-correo',
    })
    expect(messagesOf(bad)).toEqual(
      expect.arrayContaining([
        'RUC inválido: el dígito verificador no corresponde',
        'Celular debe empezar con 9',
        'Ingrese un correo electrónico válido',
        'Cuenta de detracciones debe tener 11 dígitos (cuenta del Banco de la Nación)',
        'El CCI no corresponde al banco seleccionado',
      ]),
    )
    const wrongDigits = `${supplier.bankInterAccount.slice(0, 18)}00`
    expect(messagesOf(SupplierSchema.safeParse({ ...supplier, bankInterAccount: wrongDigits }))).toEqual([
      'Número de CCI inválido: los dígitos de control no corresponden',
    ])
    expect(messagesOf(SupplierSchema.safeParse({ ...supplier, accountType: '3' }))).toEqual([
      'Tipo de cuenta es requerido',
    ])
  })

  it('refuses a valid CCI of another account where the bank builds its CCIs from the account', () => {
    const otherAccount = buildCci('002', '193', '1234567099')
    expect(messagesOf(SupplierSchema.safeParse({ ...supplier, bankInterAccount: otherAccount }))).toEqual([
      'El CCI no corresponde al número de cuenta: en este banco el CCI contiene la cuenta',
    ])
    // Banco de la Nación: no confirmed rule, so the pair is not refused.
    const bn = {
      ...supplier,
      bankId: '018',
      bankAccount: '04005880586',
      bankInterAccount: buildCci('018', '400', '99'),
    }
    expect(messagesOf(SupplierSchema.safeParse(bn))).toEqual([])
  })

  it('on edit ignores the RUC (read-only, as for companies)', () => {
    const { ruc: _, ...rest } = supplier
    expect(SupplierUpdateSchema.parse(rest)).not.toHaveProperty('ruc')
  })
})
