import { describe, expect, it } from 'vitest'
import { countOf, ofNoun, plural, pluralOf } from './grammar'

describe('Spanish plural', () => {
  it('forms the plural of the nouns our texts count', () => {
    expect(pluralOf('abono')).toBe('abonos')
    expect(pluralOf('constancia')).toBe('constancias')
    expect(pluralOf('observación')).toBe('observaciones')
    expect(pluralOf('error')).toBe('errores')
    expect(pluralOf('colaborador')).toBe('colaboradores')
    expect(pluralOf('día')).toBe('días')
    expect(pluralOf('vez')).toBe('veces')
  })

  it('uses the singular for exactly one, the plural otherwise (zero included)', () => {
    expect(countOf(1, 'observación')).toBe('1 observación')
    expect(countOf(2, 'observación')).toBe('2 observaciones')
    expect(countOf(0, 'abono')).toBe('0 abonos')
    expect(countOf(1250, 'abono')).toBe('1,250 abonos')
    expect(countOf(1, 'constancia seleccionada', 'constancias seleccionadas')).toBe(
      '1 constancia seleccionada',
    )
    expect(countOf(3, 'constancia seleccionada', 'constancias seleccionadas')).toBe(
      '3 constancias seleccionadas',
    )
    expect(plural(1, 'registró', 'registraron')).toBe('registró')
  })

  it("contracts 'de el' to 'del'", () => {
    expect(ofNoun('el área')).toBe('del área')
    expect(ofNoun('el contrato')).toBe('del contrato')
    expect(ofNoun('la empresa')).toBe('de la empresa')
  })
})
