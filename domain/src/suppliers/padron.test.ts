import { describe, expect, it } from 'vitest'
import { padronDate, padronHeaderKey, rucStandingProblems } from './padron'

describe('padrones', () => {
  it('compares header names without accents, case, punctuation or repeated spaces', () => {
    expect(padronHeaderKey(' Condición  de  Domicilio ')).toBe('CONDICION DE DOMICILIO')
    expect(padronHeaderKey('Nº RUC')).toBe('N RUC')
    expect(padronHeaderKey('\uFEFFRUC')).toBe('RUC')
  })

  it('reads a list date as DD/MM/YYYY (or with - and .) or ISO, and refuses a day that does not exist', () => {
    expect(padronDate('01/02/2026')).toBe('2026-02-01')
    expect(padronDate('1-2-2026')).toBe('2026-02-01')
    expect(padronDate('2026-02-01')).toBe('2026-02-01')
    expect(padronDate('29/02/2026')).toBeNull()
    expect(padronDate('2026/02/01')).toBeNull()
    expect(padronDate('')).toBeNull()
  })

  it('warns on any estado but ACTIVO and any condición but HABIDO', () => {
    expect(rucStandingProblems('ACTIVO', 'HABIDO')).toEqual([])
    expect(rucStandingProblems('BAJA DE OFICIO', 'NO HABIDO')).toEqual([
      'estado BAJA DE OFICIO',
      'condición NO HABIDO',
    ])
    expect(rucStandingProblems('ACTIVO', 'NO HALLADO SE MUDO D')).toEqual(['condición NO HALLADO SE MUDO D'])
  })
})
