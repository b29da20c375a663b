import { describe, expect, it } from 'vitest'
import { PAYMENT_FILE_COLUMNS } from '../abonos/abono-file'
import { PAYROLL_FILE_COLUMNS } from '../payroll/payroll-file'
import { CCI_CHECK_VECTORS } from './identifier-fixtures'
import {
  buildCci,
  cciBankCode,
  cciCheckDigit,
  DEFAULT_IDENTIFIER_MAX_LENGTH,
  documentTypeCodesNote,
  FORM_IDENTIFIER_TYPES,
  fromSunatDocumentCode,
  IDENTIFIER_TYPE,
  identifierMaxLength,
  identifierProblem,
  identifierType,
  isPeruvianMobile,
  isValidCci,
  sunatDocumentCode,
} from './identifiers'

describe('SUNAT identifier types', () => {
  it('carries the stored codes and Spanish labels', () => {
    expect(
      Object.keys(identifierType)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 4, 6, 7, 9, 22, 23, 24, 26, 90, 91])
    expect(identifierType[1].label).toBe('DNI')
    expect(identifierType[4].label).toBe('Carné de extranjería')
    expect(identifierType[7].label).toBe('Pasaporte')
    expect(identifierType[90].key).toBe('LIBRETA_MILITAR')
  })

  it('offers the form choices in the form order', () => {
    expect(FORM_IDENTIFIER_TYPES.map((t) => identifierType[t].key)).toEqual([
      'DNI',
      'LIBRETA_MILITAR',
      'RUC',
      'CARNET_MILITAR',
      'CE',
      'PASAPORTE',
      'CARNE_CPP',
      'CARNE_REFUGIO',
    ])
    expect(identifierType[26].label).toBe('Carné de permiso temporal de permanencia (CPP)')
  })

  it("exports SUNAT's two-digit codes and reads them back", () => {
    expect(sunatDocumentCode(IDENTIFIER_TYPE.DNI)).toBe('01')
    expect(sunatDocumentCode(IDENTIFIER_TYPE.CE)).toBe('04')
    expect(sunatDocumentCode(IDENTIFIER_TYPE.CARNE_REFUGIO)).toBe('09')
    expect(sunatDocumentCode(IDENTIFIER_TYPE.CARNE_CPP)).toBe('26')
    expect(sunatDocumentCode(IDENTIFIER_TYPE.LIBRETA_MILITAR)).toBeNull()
    expect(sunatDocumentCode(IDENTIFIER_TYPE.OTROS)).toBeNull()
    expect(fromSunatDocumentCode('01')).toBe(1)
    expect(fromSunatDocumentCode('26')).toBe(26)
    expect(fromSunatDocumentCode('90')).toBeNull()
    expect(fromSunatDocumentCode('x')).toBeNull()
  })

  it('accepts a CPP or a refugee card in the employee form', () => {
    expect(identifierProblem(IDENTIFIER_TYPE.CARNE_CPP, 'a1b2c3d4e')).toBeNull()
    expect(identifierProblem(IDENTIFIER_TYPE.CARNE_REFUGIO, '000123456')).toBeNull()
  })

  it('gives each type its maximum length, 11 when no type is chosen', () => {
    expect(identifierMaxLength(IDENTIFIER_TYPE.DNI)).toBe(8)
    expect(identifierMaxLength('6')).toBe(11)
    expect(identifierMaxLength(IDENTIFIER_TYPE.CE)).toBe(12)
    expect(identifierMaxLength(IDENTIFIER_TYPE.PASAPORTE)).toBe(12)
    expect(identifierMaxLength(null)).toBe(DEFAULT_IDENTIFIER_MAX_LENGTH)
    expect(identifierMaxLength('')).toBe(11)
  })

  it.each([
    [IDENTIFIER_TYPE.DNI, '45678912', null],
    [IDENTIFIER_TYPE.DNI, '4567891', 'El DNI debe tener 8 dígitos'],
    [IDENTIFIER_TYPE.DNI, '456789123', 'El DNI debe tener 8 dígitos'],
    [IDENTIFIER_TYPE.DNI, '4567891A', 'Número de documento debe tener un valor numérico'],
    [IDENTIFIER_TYPE.DNI, '  ', 'Número de documento es requerido'],
    [IDENTIFIER_TYPE.RUC, '20131312955', null],
    [IDENTIFIER_TYPE.RUC, '20131312956', 'RUC inválido: el dígito verificador no corresponde'],
    [IDENTIFIER_TYPE.RUC, '2013131295', 'El RUC debe tener 11 dígitos'],
    [IDENTIFIER_TYPE.CE, '001234567', null],
    [IDENTIFIER_TYPE.CE, 'ab12345', null],
    [IDENTIFIER_TYPE.CE, '1234567890123', 'Número de documento admite como máximo 12 caracteres'],
    [IDENTIFIER_TYPE.PASAPORTE, 'P-123', 'Número de documento solo admite letras y números'],
    [IDENTIFIER_TYPE.PASAPORTE, 'AB1234567', null],
    [IDENTIFIER_TYPE.LIBRETA_MILITAR, '1234567890', null],
    [IDENTIFIER_TYPE.CARNET_MILITAR, '12A456', 'Número de documento debe tener un valor numérico'],
  ])('type %s, %s → %s', (type, value, message) => {
    expect(identifierProblem(type, value)).toBe(message)
  })
})

describe('CCI', () => {
  it.each(CCI_CHECK_VECTORS)('accepts %s', (cci) => expect(isValidCci(cci)).toBe(true))

  it.each([
    '00212345678901234567',
    '0113560002001944503',
    '011356000200194450390',
    '0113560002001944503A',
    '01135600020019445049',
  ])('rejects %s', (cci) => expect(isValidCci(cci)).toBe(false))

  it('computes both check digits and reads the bank code', () => {
    expect(cciCheckDigit('002191')).toBe(5)
    expect(cciCheckDigit('000123456789')).toBe(7)
    expect(buildCci('002', '191', '123456789')).toBe('00219100012345678957')
    expect(cciBankCode('00219100012345678957')).toBe('002')
  })
})

describe('Peruvian mobiles', () => {
  it.each([
    ['987654321', true],
    ['912345678', true],
    ['98765432', false],
    ['887654321', false],
    ['9876543210', false],
    ['98765432a', false],
  ])('%s → %s', (value, valid) => expect(isPeruvianMobile(value)).toBe(valid))
})

describe('document-type codes in the upload templates', () => {
  it("names SUNAT's Tabla 3 codes apart from the system's own 0, 90 and 91", () => {
    const note = documentTypeCodesNote()
    const [sunat, own] = note.split('Códigos propios del sistema')
    expect(sunat).toContain('1 DNI, 4 Carné de extranjería, 6 RUC, 7 Pasaporte')
    expect(sunat).not.toMatch(/\b(0|90|91) /)
    expect(own).toBe(', que no son de SUNAT: 0 Otros, 90 Libreta militar, 91 Carnet militar.')
    for (const column of [PAYROLL_FILE_COLUMNS[0], PAYMENT_FILE_COLUMNS[0]]) {
      expect(column.note).toContain(note)
      expect(column.note).not.toContain('Código SUNAT')
    }
  })
})
