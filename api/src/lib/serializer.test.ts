import { ENDPOINTS, type Endpoint } from '@planillas/domain'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { routeSchema } from './envelope'
import { checkOf, serializerCompiler } from './serializer'

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/prueba', httpStatus: '200' })
const both = (schema: z.ZodType) => ({
  ours: serializerCompiler(route(schema)),
  zods: zodSerializerCompiler(route(schema) as Parameters<typeof zodSerializerCompiler>[0]),
})

/** What each serializer answers: its text, or the error it throws. */
const outcome = (serialize: (data: unknown) => string, data: unknown) => {
  try {
    return { text: serialize(data) }
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` }
  }
}

/** Our serializer answers exactly what zod's does (the same text, or the same error). */
function expectSameAsZod(schema: z.ZodType, data: unknown) {
  const { ours, zods } = both(schema)
  const expected = outcome(zods, data)
  expect(outcome(ours, data)).toEqual(expected)
  return expected
}

const listSchema = routeSchema('POST /employees/list').response[200]

const row = (id: number, overrides: object = {}) => ({
  id,
  code: `COL-${String(id).padStart(6, '0')}`,
  identifierType: 1,
  identifier: `1000${id}`,
  name: 'José María',
  surname: 'Ñahui "Quispe" \\ Flores',
  fullName: 'José María Ñahui "Quispe" \\ Flores',
  companyId: 2,
  companyName: 'Costa S.A.',
  areaId: 3,
  areaName: 'Área 3',
  positionId: 4,
  positionName: 'Cargo 4',
  status: 2,
  createdAt: new Date(Date.UTC(2026, 10, 25, 13, 26, 40, 83)),
  ...overrides,
})
const withoutAssignment = {
  companyId: null,
  companyName: null,
  areaId: null,
  areaName: null,
  positionId: null,
  positionName: null,
}

const listPage = (content: unknown[], totals: object) => ({
  status: 'OK',
  payload: { content, ...totals },
  messages: [] as string[],
})

describe('the response serializer', () => {
  it('writes a list page as zod does: nulls, dates, accents and quotes, exact and estimated totals', () => {
    const content = [row(1), row(2, withoutAssignment), row(3, { createdAt: new Date(0) })]
    const estimated = {
      totalElements: 1_000_000,
      totalPages: 100_000,
      totalIsExact: false,
      totalIsEstimate: true,
    }
    const exact = { totalElements: 3, totalPages: 1, totalIsExact: true, totalIsEstimate: false }
    const bound = { totalElements: 10_000, totalPages: 1_001, totalIsExact: false }
    for (const totals of [estimated, exact, bound]) {
      const { text } = expectSameAsZod(listSchema, listPage(content, totals))
      expect(JSON.parse(text as string).payload.content[1].companyName).toBeNull()
    }
    const { text } = expectSameAsZod(listSchema, {
      ...listPage([], exact),
      messages: ['Las palabras de menos de 3 letras no se buscan'],
    })
    expect(text).toBe(
      '{"status":"OK","payload":{"content":[],"totalElements":3,"totalPages":1,"totalIsExact":true,"totalIsEstimate":false},"messages":["Las palabras de menos de 3 letras no se buscan"]}',
    )
  })

  it('gives the text the check accepts straight from JSON.stringify, and checks without copying', () => {
    const page = listPage([row(1), row(2, withoutAssignment)], { totalElements: 2, totalPages: 1 })
    const check = checkOf(listSchema)
    expect(check?.(page)).toBe(true)
    expect(serializerCompiler(route(listSchema))(page)).toBe(JSON.stringify(page))
  })

  it('leaves to zod what the check refuses, with the same answer', () => {
    const page = (content: unknown[]) => listPage(content, { totalElements: 1, totalPages: 1 })
    const check = checkOf(listSchema)
    const { id: _, ...withoutId } = row(1)
    const { code, ...afterCode } = row(1)
    const reordered = { code, ...afterCode }
    class Row {
      constructor(readonly values: object) {
        Object.assign(this, values)
      }
    }
    const refused = [
      // Extra keys (zod strips them), another order (zod writes the schema's), a plain object with a toJSON.
      page([{ ...row(1), searchText: 'jose maria' }]),
      page([reordered]),
      page([{ ...row(1), toJSON: () => 'otra cosa' }]),
      page([Object.defineProperty(row(1), 'toJSON', { value: () => 'otra cosa', enumerable: false })]),
      page([new Row(row(1))]),
      { ...page([row(1)]), extra: true },
      // Values zod refuses: the same error.
      page([row(1, { createdAt: new Date('no es fecha') })]),
      page([row(1, { createdAt: '2026-11-25T13:26:40.083Z' })]),
      page([row(1, { id: Number.NaN })]),
      page([row(1, { status: Number.POSITIVE_INFINITY })]),
      page([row(1, { companyName: undefined })]),
      page([withoutId]),
      page([null]),
      { ...page([row(1)]), status: 'MAYBE' },
      { ...page([row(1)]), messages: [1] },
    ]
    for (const data of refused) {
      expect(check?.(data)).toBe(false)
      expectSameAsZod(listSchema, data)
    }
  })

  it('agrees with zod on optional, nullable, enum, literal, unknown and nested values', () => {
    const schema = z.object({
      kind: z.literal('A'),
      level: z.enum(['BAJO', 'ALTO']),
      note: z.string().optional(),
      parent: z.object({ id: z.number(), when: z.date().nullable() }).nullable(),
      tags: z.array(z.string().optional()),
      extra: z.unknown(),
      flag: z.boolean().nullish(),
    })
    const base = {
      kind: 'A',
      level: 'ALTO',
      note: 'x',
      parent: { id: 1, when: new Date(5) },
      tags: ['a'],
      extra: { anything: [1, 'dos'] },
      flag: true,
    }
    const { note: _, ...withoutNote } = base
    const { flag: __, ...withoutFlag } = base
    const cases = [
      base,
      withoutNote,
      { ...base, note: undefined },
      withoutFlag,
      { ...base, flag: null },
      { ...base, parent: null },
      { ...base, parent: { id: 1, when: null } },
      // biome-ignore lint/suspicious/noSparseArray: a hole is written as null, as zod's copy writes undefined
      { ...base, tags: ['a', , 'c'] },
      { ...base, tags: [undefined] },
      { ...base, kind: 'B' },
      { ...base, level: 'MEDIO' },
      { ...base, parent: { when: null, id: 1 } },
      { ...base, parent: undefined },
      Object.defineProperty({ ...withoutNote }, 'note', { value: 'oculta', enumerable: false }),
      { ...base, tags: 'a' },
    ]
    for (const data of cases) expectSameAsZod(schema, data)
  })

  it('leaves to zod the schemas it does not reproduce', () => {
    for (const schema of [
      z.object({ n: z.number().int() }),
      z.object({ s: z.string().min(2) }),
      z.object({ e: z.email() }),
      z.object({ n: z.number().default(1) }),
      z.object({ s: z.string().transform((s) => s.length) }),
      z.union([z.string(), z.number()]),
      z.strictObject({ s: z.string() }),
      z.looseObject({ s: z.string() }),
    ])
      expect(checkOf(schema)).toBeNull()
    expectSameAsZod(z.object({ n: z.number().int() }), { n: 1.5 })
    expectSameAsZod(z.looseObject({ s: z.string() }), { s: 'a', t: 1 })
  })

  it('compiles every answer of the API contract', () => {
    const refused = (Object.keys(ENDPOINTS) as Endpoint[]).filter(
      (endpoint) => !checkOf(routeSchema(endpoint).response[200]),
    )
    expect(refused).toEqual([])
  })
})
