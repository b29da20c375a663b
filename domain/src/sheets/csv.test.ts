import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv'

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","San Juan de\n Lopecancha"\n2,"say ""hi""",\n')).toEqual([
      { a: '1', b: 'x, y', c: 'San Juan de\n Lopecancha' },
      { a: '2', b: 'say "hi"', c: '' },
    ])
  })
})
