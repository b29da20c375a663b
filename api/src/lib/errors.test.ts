import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { badRequest, conflict, MAX_MESSAGES, unprocessable } from './errors'

const problems = Array.from({ length: 300_000 }, (_, i) => `Fila ${i + 1}: La fila tiene 1 campo`)

describe('an answer with many problems', () => {
  it('lists the first problems of 300,000 and counts the rest', () => {
    for (const make of [badRequest, conflict, unprocessable]) {
      const error = make(problems)
      expect(error.messages).toHaveLength(MAX_MESSAGES + 1)
      expect(error.messages[0]).toBe('Fila 1: La fila tiene 1 campo')
      expect(error.messages.at(-1)).toBe('… y 299,900 problemas más (se muestran los primeros 100)')
      expect(error.message.length).toBeLessThan(10_000)
    }
  })

  it('keeps a short list as it is, one message or several', () => {
    expect(badRequest('Uno', ['Dos', 'Tres']).messages).toEqual(['Uno', 'Dos', 'Tres'])
  })

  it('no handler spreads a list into one error call (300,000 arguments overflow the stack)', async () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..')
    const spread = /\b(badRequest|conflict|unprocessable|HttpError)\)?\(\s*(\d+,\s*)?\.\.\./
    const found: string[] = []
    for (const dir of ['api/src', 'worker/src']) {
      for (const entry of await readdir(path.join(root, dir), { recursive: true })) {
        if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue
        const text = await readFile(path.join(root, dir, entry), 'utf8')
        if (spread.test(text)) found.push(`${dir}/${entry}`)
      }
    }
    expect(found).toEqual([])
  })
})
