import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { streamedPayrollWorkbook, validRow } from '@planillas/testing/payroll-fixtures'
import { rezip, unzipParts } from '@planillas/testing/zip-fixtures'
import { SaxesParser } from 'saxes'
import { describe, expect, it } from 'vitest'
import { openXlsx, readSheetRowBatches } from './xlsx-package'
import { columnOf, sheetParser } from './xlsx-sheet'
import { FastXmlGaveUp, fastXmlParser } from './xml-fast'

type Event = string

/**
 * The events a reader sees, as one list: open tags with their attributes, close tags, and the
 * text inside the root joined between tags. `parser` is saxes or the fast tokenizer.
 */
function eventsOf(
  parser: {
    on(event: string, handler: (value: never) => void): void
    write(t: string): unknown
    close(): unknown
  },
  chunks: string[],
): Event[] {
  const events: Event[] = []
  let text = ''
  let depth = 0
  const flush = () => {
    if (text) events.push(`text ${JSON.stringify(text)}`)
    text = ''
  }
  parser.on('opentag', ((tag: { name: string; attributes: Record<string, string> }) => {
    flush()
    depth++
    events.push(`open ${tag.name} ${JSON.stringify(Object.entries(tag.attributes))}`)
  }) as never)
  parser.on('closetag', ((tag: { name: string }) => {
    flush()
    depth--
    events.push(`close ${tag.name}`)
  }) as never)
  const onText = ((t: string) => {
    if (depth > 0) text += t
  }) as never
  parser.on('text', onText)
  parser.on('cdata', onText)
  for (const chunk of chunks) parser.write(chunk)
  parser.close()
  flush()
  return events
}

const saxesEvents = (chunks: string[]) => eventsOf(new SaxesParser(), chunks)
const fastEvents = (chunks: string[]) => eventsOf(fastXmlParser(64), chunks)

/** What saxes makes of a document: its events, or that it refused it. */
function saxesReading(xml: string): Event[] | 'refused' {
  try {
    return saxesEvents([xml])
  } catch {
    return 'refused'
  }
}

/** The fast reading, in `chunks`: its events, or that it gave up (any other error fails the test). */
function fastReading(chunks: string[]): Event[] | 'gave up' {
  try {
    return fastEvents(chunks)
  } catch (error) {
    if (error instanceof FastXmlGaveUp) return 'gave up'
    throw error
  }
}

/** The document cut at `cuts` (positions, ascending). */
const cutAt = (xml: string, cuts: number[]) =>
  [0, ...cuts].map((from, i) => xml.slice(from, cuts[i] ?? xml.length))

/** A small deterministic generator, for cut positions. */
function positions(seed: number, count: number, max: number): number[] {
  let x = seed
  const out = new Set<number>()
  while (out.size < Math.min(count, max - 1)) {
    x = (x * 1103515245 + 12345) % 2147483648
    out.add(1 + (x % (max - 1)))
  }
  return [...out].sort((a, b) => a - b)
}

const FIXTURES = path.join(import.meta.dirname, '../../testing/fixtures/xlsx')
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'

describe('the fast tokenizer reads as saxes does', () => {
  it('every XML part of every file a real spreadsheet program saved, whole and cut anywhere', () => {
    let parts = 0
    for (const name of readdirSync(FIXTURES).filter((n) => n.endsWith('.xlsx'))) {
      for (const [part, data] of unzipParts(readFileSync(path.join(FIXTURES, name)))) {
        if (!part.endsWith('.xml')) continue
        const xml = data.toString('utf8')
        const expected = saxesEvents([xml])
        const whole = fastReading([xml])
        // A sheet or its strings from LibreOffice, gnumeric or SheetJS is plain enough for the fast path.
        if (/worksheets\/|sharedStrings/.test(part)) expect(whole, `${name} ${part}`).not.toBe('gave up')
        if (whole === 'gave up') continue
        expect(whole, `${name} ${part}`).toEqual(expected)
        for (const seed of [1, 2, 3]) {
          const cuts = positions(seed, 40, xml.length)
          expect(fastReading(cutAt(xml, cuts)), `${name} ${part} cut ${seed}`).toEqual(expected)
        }
        parts++
      }
    }
    expect(parts).toBeGreaterThan(30)
  })

  it('a sheet as exceljs writes it, cut at every position of its start', async () => {
    const sheet = (
      unzipParts(await streamedPayrollWorkbook(20, validRow)).get('xl/worksheets/sheet1.xml') as Buffer
    ).toString()
    const expected = saxesEvents([sheet])
    expect(fastReading([sheet])).toEqual(expected)
    for (let cut = 1; cut < 2000; cut++) expect(fastReading(cutAt(sheet, [cut]))).toEqual(expected)
  })

  // Each either reads as saxes reads it or is given up on; a document saxes refuses is never read.
  const documents: Record<string, string> = {
    plain: '<a><b x="1" y=\'2\'>uno</b><c/></a>',
    'white space in tags': '<a  x = "1"\r\n\ty="2" ><b\n/></a >',
    'prefixed names':
      '<x:worksheet xmlns:x="u"><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row></x:worksheet>',
    'named and numeric entities': '<a>&amp;&lt;&gt;&quot;&apos; &#241;&#xF1;&#x1F600; A&amp;B</a>',
    'CR LF and lone CR in text': '<a><t>uno\r\ndos\rtres</t></a>',
    'text with > in it': '<a>1 > 0</a>',
    'a comment': '<a><!-- nota --><b/></a>',
    CDATA: '<a><![CDATA[<b>]]></a>',
    'a processing instruction': '<a><?pi x?></a>',
    'a byte-order mark': '\uFEFF<a/>',
    'an entity in an attribute': '<a x="A&amp;B"/>',
    'a line feed in an attribute': '<a x="1\n2"/>',
    '> in an attribute': '<a x="1>2"/>',
    'an unknown entity': '<a>&nbsp;</a>',
    'a bare ampersand': '<a>A & B</a>',
    'a character reference to nothing': '<a>&#0;</a>',
    'a reference past Unicode': '<a>&#x110000;</a>',
    'a control character': '<a>\u0001</a>',
    'a lone surrogate': '<a>\uD800</a>',
    'a character past U+D800': '<a>ñ 😀</a>',
    ']]> in text': '<a>]]></a>',
    'a duplicate attribute': '<a x="1" x="2"/>',
    'no space between attributes': '<a x="1"y="2"/>',
    'an attribute without a value': '<a x/>',
    'an unquoted value': '<a x=1/>',
    'a mismatched close': '<a><b></a></b>',
    'a close with nothing open': '</a>',
    'text outside the root': '<a/>hola',
    'white space outside the root': ' \r\n<a/>\n ',
    'two roots': '<a/><b/>',
    unfinished: '<a><b>',
    'an unfinished tag': '<a><b',
    empty: '',
    'a name with a digit first': '<1a/>',
    'a space before the name': '< a/>',
    'a slash apart from >': '<a / >',
    'a declaration': `${DECLARATION}<a/>`,
    'a declaration with single quotes': "<?xml version='1.0' encoding='UTF-8'?><a/>",
    'a declaration of version 1.1': '<?xml version="1.1"?><a/>',
    'a declaration not at the start': ' <?xml version="1.0"?><a/>',
    'a DOCTYPE': '<!DOCTYPE a><a/>',
    'deep, at the limit': `${'<a>'.repeat(64)}${'</a>'.repeat(64)}`,
    'deeper than the limit': `${'<a>'.repeat(65)}${'</a>'.repeat(65)}`,
    'rich text and phonetic runs':
      '<c t="inlineStr"><is><r><rPr><b/></rPr><t xml:space="preserve"> 08 </t></r><rPh sb="0"><t>x</t></rPh></is></c>',
  }

  it.each(Object.entries(documents))('%s', (_, xml) => {
    const expected = saxesReading(xml)
    const cuts = xml.length > 1 ? [[], ...Array.from({ length: xml.length - 1 }, (_, i) => [i + 1])] : [[]]
    for (const at of cuts) {
      const read = fastReading(cutAt(xml, at))
      if (read === 'gave up') continue
      expect(read, `cut at ${at}`).toEqual(expected)
    }
  })

  it('reads the plain documents itself, without giving up', () => {
    for (const name of [
      'plain',
      'white space in tags',
      'prefixed names',
      'named and numeric entities',
      'CR LF and lone CR in text',
      'text with > in it',
      'white space outside the root',
      'a declaration',
      'a declaration with single quotes',
      'deep, at the limit',
      'rich text and phonetic runs',
    ]) {
      expect(fastReading([documents[name]]), name).not.toBe('gave up')
    }
  })
})

describe('a sheet the fast tokenizer gives up on part-way', () => {
  it('is read again by saxes, each row given once and in order, as saxes alone reads it', async () => {
    const file = await streamedPayrollWorkbook(5000, validRow)
    const parts = unzipParts(file)
    const sheet = (parts.get('xl/worksheets/sheet1.xml') as Buffer).toString()
    // A comment after row 4000: far past the first inflated chunks, whose rows are already given.
    const commented = sheet.replace('<row r="4000"', '<!-- revisado --><row r="4000"')
    expect(commented).not.toBe(sheet)
    const pkg = await openXlsx(rezip(parts, { 'xl/worksheets/sheet1.xml': commented }))
    const read: { number: number; cells: unknown[] }[] = []
    let batches = 0
    for await (const batch of readSheetRowBatches(pkg)) {
      batches++
      read.push(...batch)
    }
    expect(batches).toBeGreaterThan(2)

    const alone = sheetParser({ shared: [], formats: { codes: [], dates: [] }, date1904: false }, 'saxes')
    alone.write(commented)
    alone.close()
    const expected = alone.take()
    expect(read.map((r) => r.number)).toEqual(expected.map((r) => r.number))
    expect(read.map((r) => r.number)).toEqual(Array.from({ length: 5001 }, (_, i) => i + 1))
    expect(read.slice(3990, 4010)).toEqual(
      expected.slice(3990, 4010).map(({ number, cells }) => ({ number, cells })),
    )
  })
})

describe('columnOf', () => {
  const byPattern = (ref: string) => {
    const letters = /^\$?([A-Za-z]{1,3})\$?\d*$/.exec(ref)?.[1]
    if (!letters) return null
    let n = 0
    for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64)
    return n - 1
  }

  it('reads a reference as the pattern it replaced did', () => {
    const refs = [
      'A1',
      'a1',
      'Z9',
      'AA10',
      'XFD1048576',
      '$C$7',
      'C$7',
      '$C7',
      'C',
      'c',
      'ABCD1',
      '',
      '1A',
      'A1B',
      'A-1',
      'Ñ1',
      '$',
      'A$',
      '@1',
      '[1',
      '`1',
      '{1',
      'A 1',
    ]
    for (const ref of refs) expect(columnOf(ref), ref).toBe(byPattern(ref))
  })
})
