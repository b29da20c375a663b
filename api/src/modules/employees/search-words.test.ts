import { employees, rowsOf, searchWords } from '@planillas/db'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookUpSearchWords, MAX_WORDS, type SearchWords, searchCondition } from './filters'

let t: TestApp

/**
 * Names as clerks type them: accents, ñ, a hyphen, an apostrophe, a doubled space, a passport with
 * letters, a name inside another ('Ana' in 'Mariana', 'Rosa' in 'Rosales').
 */
const PEOPLE = [
  { identifierType: 1, identifier: '10000001', name: 'María Rosa', surname: 'Quispe Ñahui' },
  { identifierType: 1, identifier: '10000002', name: 'Mariana', surname: 'Pérez-Rojas Rosales' },
  { identifierType: 1, identifier: '10000003', name: 'Ana', surname: "D'Angelo  Quisbert" },
  { identifierType: 7, identifier: 'AB123456', name: 'John', surname: 'Smith' },
  { identifierType: 1, identifier: '10000005', name: 'Juan José', surname: 'Huamán Quispe' },
  { identifierType: 1, identifier: '10000006', name: 'Rosalía', surname: 'Ccori Anaya' },
]

beforeAll(async () => {
  t = await createTestApp()
  await t.handle.db.insert(employees).values(PEOPLE)
})
afterAll(() => t.close())

const idsWhere = async (search: string, words?: SearchWords) =>
  (
    await t.handle.db
      .select({ id: employees.id })
      .from(employees)
      .where(searchCondition(search, undefined, words))
      .orderBy(asc(employees.id))
  ).map((r) => r.id)

/** Every piece of three to six characters of every word of these people, as the database folds them. */
async function piecesOf(people: typeof PEOPLE): Promise<string[]> {
  const folded = await t.handle.db
    .select({ text: employees.searchText })
    .from(employees)
    .where(
      inArray(
        employees.identifier,
        people.map((p) => p.identifier),
      ),
    )
  const pieces = new Set<string>()
  for (const { text } of folded)
    for (const word of text.split(/\s+/))
      for (let length = 3; length <= 6; length++)
        for (let i = 0; i + length <= word.length; i++) pieces.add(word.slice(i, i + length))
  return [...pieces]
}

describe('search by whole words', () => {
  it('finds exactly what the LIKE finds, for every piece of every word with another piece', async () => {
    const pieces = await piecesOf(PEOPLE)
    expect(pieces.length).toBeGreaterThan(100)
    const searches = [
      ...pieces.map((p, i) => `${p} ${pieces[(i * 7 + 1) % pieces.length]}`),
      'rosa quispe',
      'QUISPE maría',
      'pérez-rojas ana',
      "d'angelo ana",
      'ab123 smith',
      'xyz quispe',
      'quispe zzz 1000',
    ]
    // Looked up: two different words or more of three characters that are not only digits.
    const lookedUp = (search: string) =>
      new Set(search.split(/\s+/).filter((w) => w.length >= 3 && /\D/.test(w))).size >= 2
    expect(searches.filter(lookedUp).length).toBeGreaterThan(100)
    for (const search of searches) {
      const words = await lookUpSearchWords(t.handle.db, search)
      expect({ search, lookedUp: words.size > 0 }).toEqual({ search, lookedUp: lookedUp(search) })
      expect({ search, ids: await idsWhere(search, words) }).toEqual({ search, ids: await idsWhere(search) })
    }
  })

  it('leaves a single word to the trigram index (no lookup)', async () => {
    expect((await lookUpSearchWords(t.handle.db, 'quispe')).size).toBe(0)
    expect((await lookUpSearchWords(t.handle.db, 'quispe 1000 qu')).size).toBe(0)
  })

  it('looks a word up in the whole words it lies in, and uses their index', async () => {
    const words = await lookUpSearchWords(t.handle.db, 'quis ana 1000')
    expect([...(words.get('quis') ?? [])].sort()).toEqual(['quisbert', 'quispe'])
    expect([...(words.get('ana') ?? [])].sort()).toEqual(['ana', 'anaya', 'mariana'])
    // Documents (only digits) are not kept: their words stay LIKEs on the trigram index.
    expect(words.has('1000')).toBe(false)
    const query = t.handle.db
      .select({ id: employees.id })
      .from(employees)
      .where(searchCondition('quis ana 1000', undefined, words))
      .toSQL().sql
    expect(query).toContain(`string_to_array("employees"."search_text", ' ') &&`)
    expect(query).toContain('"employees"."search_text" like')
  })

  it('finds nobody for a word no employee has, without reading the employees', async () => {
    const words = await lookUpSearchWords(t.handle.db, 'quispe xyz')
    expect(words.get('xyz')).toEqual([])
    expect(await idsWhere('quispe xyz', words)).toEqual([])
  })

  it('keeps the words of employees inserted, renamed and inserted together', async () => {
    const [zoila] = await t.handle.db
      .insert(employees)
      .values({ identifierType: 1, identifier: '20000001', name: 'Zoila', surname: 'Ticllacuri' })
      .returning({ id: employees.id })
    expect((await lookUpSearchWords(t.handle.db, 'llacu zoila')).get('llacu')).toEqual(['ticllacuri'])

    await t.handle.db.update(employees).set({ surname: 'Ñaupari Cahuana' }).where(eq(employees.id, zoila.id))
    const renamed = await lookUpSearchWords(t.handle.db, 'naupa cahua')
    expect(await idsWhere('naupa cahua', renamed)).toEqual([zoila.id])
    // The old word stays and matches nobody any more.
    const old = await lookUpSearchWords(t.handle.db, 'llacu zoila')
    expect(old.get('llacu')).toEqual(['ticllacuri'])
    expect(await idsWhere('llacu zoila', old)).toEqual([])

    await t.handle.db.insert(employees).values([
      { identifierType: 1, identifier: '20000002', name: 'Yessenia', surname: 'Chuquimamani' },
      { identifierType: 1, identifier: '20000003', name: 'Yessica', surname: 'Chuquimia' },
    ])
    expect([...((await lookUpSearchWords(t.handle.db, 'chuqui yess')).get('chuqui') ?? [])].sort()).toEqual([
      'chuquimamani',
      'chuquimia',
    ])
  })

  it('leaves a word in too many whole words to the LIKE, with the same matches', async () => {
    const many = Array.from({ length: MAX_WORDS + 1 }, (_, i) => ({
      identifierType: 1,
      identifier: String(30_000_000 + i),
      name: 'Prueba',
      surname: `Zqx${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    }))
    await t.handle.db.insert(employees).values(many)
    const words = await lookUpSearchWords(t.handle.db, 'zqx prueba')
    expect(words.has('zqx')).toBe(false)
    expect(words.get('prueba')).toEqual(['prueba'])
    const ids = await idsWhere('zqx prueba', words)
    expect(ids).toHaveLength(MAX_WORDS + 1)
    expect(ids).toEqual(await idsWhere('zqx prueba'))
  })

  it('answers the employee list and the pickers through the words', async () => {
    const list = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { search: 'quispe ros' },
    })
    expect(list.status).toBe(200)
    expect(list.body.payload.content.map((e: { fullName: string }) => e.fullName)).toEqual([
      'María Rosa Quispe Ñahui',
    ])
    const picker = await t.call('admin', { method: 'GET', url: '/api/v1/employees?search=angel%20quisb' })
    expect(picker.status).toBe(200)
    expect(picker.body.payload.map((e: { surname: string }) => e.surname)).toEqual(["D'Angelo  Quisbert"])
  })

  it('holds every word of every employee that is not only digits', async () => {
    const kept = (
      await t.handle.db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(inArray(searchWords.word, ['nahui', 'perez-rojas', "d'angelo", 'ab123456', '10000001']))
    ).map((r) => r.word)
    expect(kept.sort()).toEqual(['ab123456', "d'angelo", 'nahui', 'perez-rojas'])
    const [{ missing }] = rowsOf<{ missing: number }>(
      await t.handle.db.execute(sql`
        select count(*)::int as missing from employees, unnest(string_to_array(search_text, ' ')) w
        where w ~ '[^0-9]' and not exists (select 1 from search_words s where s.word = w)`),
    )
    expect(missing).toBe(0)
  })
})
