import { describe, expect, it } from 'vitest'
import { AreaSchema } from '../companies/area-schema'
import { ContractStatusBodySchema } from '../contracts/contract-schema'
import { EmployeeSchema } from '../employees/employee-schema'
import { JobOpeningSchema } from '../recruitment/recruitment-schema'
import {
  calendarDate,
  containsNul,
  idList,
  idNumber,
  MAX_ID,
  NUL_MESSAGE,
  optionalText,
  requiredText,
  trimInvisible,
} from './fields'
import { DateRangeSchema, SearchSchema } from './list'

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

describe('texts of invisible characters only', () => {
  const blanks = [
    '\u200b',
    '\u200b\u200c\u200d\u2060\ufeff',
    '\u00a0\u00a0',
    ' \u200b\u00a0\u202f\u3000 ',
    '\u00ad\u200e\u200f\u061c\u180e',
    '\u3164\u115f\u2800',
    '\t\u200b\n',
  ]

  it.each(blanks)('are refused as empty by the shared required text (%j)', (value) => {
    expect(messages(requiredText('Descripción es requerida', 100).safeParse(value))).toEqual([
      'Descripción es requerida',
    ])
    expect(AreaSchema.safeParse({ description: value }).success).toBe(false)
    expect(optionalText(10).parse(value)).toBeNull()
  })

  it('are trimmed around a real text, which keeps what it has inside', () => {
    expect(requiredText('Nombre es requerido', 20).parse('\u200b Ventas\u00a0Lima \ufeff')).toBe(
      'Ventas\u00a0Lima',
    )
    expect(trimInvisible('\u200bZoë\u200d')).toBe('Zoë')
    expect(trimInvisible('a\u200bb')).toBe('a\u200bb')
  })

  it('are blank in every other text field of the forms that share the schema', () => {
    const invisible = '\u200b\u00a0\u200d'
    const employee = EmployeeSchema.safeParse({ name: invisible, surname: invisible, address: invisible })
    const employeeMessages = messages(employee)
    expect(employeeMessages).toContain('Nombres son requeridos')
    expect(employeeMessages).toContain('Apellidos son requeridos')
    expect(employeeMessages).toContain('Dirección es requerida')
    expect(
      JobOpeningSchema.safeParse({ details: `<p>${invisible}&#8203;</p>` }).error?.issues,
    ).toContainEqual(expect.objectContaining({ path: ['details'] }))
    expect(ContractStatusBodySchema.parse({ reason: invisible }).reason).toBeNull()
  })
})
