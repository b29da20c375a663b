import { describe, expect, it } from 'vitest'
import { bankChoices, bankLabel } from './bank-choices'

describe('bank choices', () => {
  it('adds the short name only where the name does not say it', () => {
    expect(bankLabel({ name: 'Banco de Crédito del Perú', shortName: 'BCP' })).toBe(
      'Banco de Crédito del Perú (BCP)',
    )
    expect(bankLabel({ name: 'Interbank', shortName: 'Interbank' })).toBe('Interbank')
    expect(bankLabel({ name: 'BBVA Perú', shortName: 'BBVA' })).toBe('BBVA Perú')
    expect(bankLabel({ name: 'Banco de la Nación', shortName: 'Banco de la Nacion' })).toBe(
      'Banco de la Nación',
    )
    expect(
      bankLabel({ name: 'Caja Municipal de Ahorro y Crédito de Arequipa', shortName: 'Caja Arequipa' }),
    ).toBe('Caja Municipal de Ahorro y Crédito de Arequipa (Caja Arequipa)')
    expect(bankLabel({ name: 'Mibanco', shortName: '' })).toBe('Mibanco')
  })

  it('sorts as a person reads, not by character codes', () => {
    const banks = [
      { id: '011', name: 'BBVA Perú', shortName: 'BBVA' },
      { id: '056', name: 'Banco Santander Perú', shortName: 'Santander' },
      { id: '002', name: 'Banco de Crédito del Perú', shortName: 'BCP' },
      { id: '018', name: 'Banco de la Nación', shortName: 'Banco de la Nación' },
      { id: '023', name: 'Banco de Comercio', shortName: 'Banco de Comercio' },
      { id: '049', name: 'Mibanco', shortName: 'Mibanco' },
      { id: '003', name: 'Interbank', shortName: 'Interbank' },
    ]
    expect(bankChoices(banks)).toEqual([
      { value: '023', label: 'Banco de Comercio' },
      { value: '002', label: 'Banco de Crédito del Perú (BCP)' },
      { value: '018', label: 'Banco de la Nación' },
      { value: '056', label: 'Banco Santander Perú' },
      { value: '011', label: 'BBVA Perú' },
      { value: '003', label: 'Interbank' },
      { value: '049', label: 'Mibanco' },
    ])
  })
})
