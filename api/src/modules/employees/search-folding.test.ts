import { employees, searchWords } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp

/** Names whose letters a folding in two places handled differently (ç was kept by one, dropped by the other). */
const PEOPLE = [
  { identifierType: 1, identifier: '50000001', name: 'François', surname: 'Dupont Rivas' },
  { identifierType: 1, identifier: '50000002', name: 'Marta', surname: 'Gonçalves Pardo' },
  { identifierType: 1, identifier: '50000003', name: 'Elmer', surname: 'Ñahui Ccopa' },
  { identifierType: 1, identifier: '50000004', name: 'Hans', surname: 'Müller Tello' },
  { identifierType: 1, identifier: '50000005', name: 'ÁNGELA', surname: 'ÇAMPOS ÑAUPARI' },
]

beforeAll(async () => {
  t = await createTestApp()
  await t.handle.db.insert(employees).values(PEOPLE)
})
afterAll(() => t.close())

/** The full names the employee list shows for a search. */
async function listed(search: string): Promise<string[]> {
  const res = await t.call('admin', { method: 'POST', url: '/api/v1/employees/list', payload: { search } })
  expect(res.status).toBe(200)
  return res.body.payload.content.map((e: { fullName: string }) => e.fullName)
}

/** The surnames the employee picker offers for a search. */
async function picked(search: string): Promise<string[]> {
  const res = await t.call('admin', {
    method: 'GET',
    url: `/api/v1/employees?search=${encodeURIComponent(search)}`,
  })
  expect(res.status).toBe(200)
  return res.body.payload.map((e: { surname: string }) => e.surname)
}

describe('the employee search folds the search as it folds the names', () => {
  const cases = [
    { typed: ['François', 'francois', 'FRANÇOIS', 'franç'], fullName: 'François Dupont Rivas' },
    { typed: ['Gonçalves', 'goncalves', 'GONÇALVES', 'gonç'], fullName: 'Marta Gonçalves Pardo' },
    { typed: ['Ñahui', 'nahui', 'ÑAHUI', 'ñah'], fullName: 'Elmer Ñahui Ccopa' },
    { typed: ['Müller', 'muller', 'MÜLLER', 'müll'], fullName: 'Hans Müller Tello' },
  ]

  it('finds each name typed exactly, unaccented or in capitals, as one word', async () => {
    for (const { typed, fullName } of cases)
      for (const search of typed)
        expect({ search, found: await listed(search) }).toEqual({ search, found: [fullName] })
  })

  it('finds each name among the words of a full name (the whole-words lookup)', async () => {
    expect(await listed('François Dupont')).toEqual(['François Dupont Rivas'])
    expect(await listed('francois rivas')).toEqual(['François Dupont Rivas'])
    expect(await listed('Marta Gonçalves')).toEqual(['Marta Gonçalves Pardo'])
    expect(await listed('goncalves pardo')).toEqual(['Marta Gonçalves Pardo'])
    expect(await listed('Elmer Ñahui')).toEqual(['Elmer Ñahui Ccopa'])
    expect(await listed('nahui ccopa')).toEqual(['Elmer Ñahui Ccopa'])
    expect(await listed('Hans Müller')).toEqual(['Hans Müller Tello'])
    expect(await listed('muller tello')).toEqual(['Hans Müller Tello'])
  })

  it('finds names written in capitals by their lower-case, unaccented form', async () => {
    expect(await listed('angela campos')).toEqual(['ÁNGELA ÇAMPOS ÑAUPARI'])
    expect(await listed('Ángela Ñaupari')).toEqual(['ÁNGELA ÇAMPOS ÑAUPARI'])
  })

  it('finds a name typed with separate accent marks (as some keyboards send them)', async () => {
    expect(await listed('Franc\u0327ois')).toEqual(['François Dupont Rivas'])
    expect(await listed('N\u0303ahui ccopa')).toEqual(['Elmer Ñahui Ccopa'])
  })

  it('answers the employee picker the same way', async () => {
    expect(await picked('Gonçalves')).toEqual(['Gonçalves Pardo'])
    expect(await picked('francois dupont')).toEqual(['Dupont Rivas'])
  })

  it('keeps the words as folded, so the lookup and the names agree', async () => {
    const kept = await t.handle.db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(inArray(searchWords.word, ['francois', 'françois', 'goncalves', 'gonçalves', 'nahui', 'muller']))
    expect(kept.map((r) => r.word).sort()).toEqual(['francois', 'goncalves', 'muller', 'nahui'])
  })

  it('matches wildcard characters literally, also those folding makes', async () => {
    expect(await listed('fran_ois')).toEqual([])
    expect(await listed('gon%alves')).toEqual([])
    expect(await listed('gon％alves')).toEqual([])
  })
})
