import { describe, expect, it } from 'vitest'
import {
  calendarDate,
  containsNul,
  idList,
  idNumber,
  MAX_ID,
  NUL_MESSAGE,
  optionalText,
  requiredText,
} from './fields'
import { DateRangeSchema, SearchSchema } from './list'
import { EmployeeSchema } from './schemas/employee'

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? [])

describe('NUL characters', () => {
  it('are found in strings, arrays, objects and keys', () => {
    expect(containsNul('a\u0000b')).toBe(true)
    expect(containsNul({ filter: { areas: ['x', 'y\u0000'] } })).toBe(true)
    expect(containsNul({ 'k\u0000': 1 })).toBe(true)
    expect(containsNul({ a: 'texto', b: [1, null, { c: 'ñandú' }] })).toBe(false)
    expect(containsNul(undefined)).toBe(false)
    expect(containsNul(Buffer.from([0, 1, 2]))).toBe(false)
  })

  it('are refused by the shared text fields and the search box', () => {
    expect(messages(requiredText('Nombre es requerido', 10).safeParse('An\u0000a'))).toEqual([NUL_MESSAGE])
    expect(messages(optionalText(10).safeParse('\u0000x'))).toEqual([NUL_MESSAGE])
    expect(messages(SearchSchema.safeParse('lima\u0000'))).toEqual([NUL_MESSAGE])
    expect(requiredText('Nombre es requerido', 10).parse('  Ana ')).toBe('Ana')
    expect(messages(requiredText('Nombre es requerido', 3).safeParse('Anabel'))).toEqual([
      'Admite como máximo 3 caracteres',
    ])
  })
})

describe('ids', () => {
  it('are 1..2147483647, from numbers or strings', () => {
    expect(idNumber().parse('2147483647')).toBe(MAX_ID)
    expect(idNumber().parse(7)).toBe(7)
    for (const bad of [2147483648, '2147483648', 0, -1, 1.5, 'abc', '1e10']) {
      expect(messages(idNumber().safeParse(bad))).toEqual(['Identificador inválido'])
    }
  })

  it('come in lists as one value, an array or nothing', () => {
    expect(idList().parse('3')).toEqual([3])
    expect(idList().parse([1, '2'])).toEqual([1, 2])
    expect(idList().parse('')).toBeUndefined()
    expect(idList().safeParse([1, 2147483648]).success).toBe(false)
  })
})

describe('calendar dates', () => {
  it('refuse days that do not exist', () => {
    const date = calendarDate('Fecha inválida')
    expect(date.parse('2028-02-29')).toBe('2028-02-29')
    for (const bad of ['2025-02-30', '2025-02-29', '2025-04-31', '2025-13-01', '2025-2-3', '30/01/2025']) {
      expect(messages(date.safeParse(bad))).toEqual(['Fecha inválida'])
    }
    expect(messages(DateRangeSchema.safeParse({ from: '2025-02-30' }))).toEqual(['Fecha inicial inválida'])
  })

  it('refuse 2025-02-30 as a birth date', () => {
    const result = EmployeeSchema.safeParse({ birthDate: '2025-02-30' })
    expect(result.success).toBe(false)
    const birth = result.error?.issues.filter((i) => i.path[0] === 'birthDate').map((i) => i.message)
    expect(birth).toEqual(['Fecha de nacimiento inválida'])
  })
})
