import { describe, expect, it } from 'vitest'
import { isDateFormat, sheetParser } from './xlsx-sheet'

const formats = { codes: [undefined, 'dd/mm/yyyy', '0000000000000', '@'], dates: [false, true, false, false] }
function rows(sheetData: string, shared: string[] = [], date1904 = false) {
  const parser = sheetParser({ shared, formats, date1904 })
  parser.write(
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}`,
  )
  parser.write('</sheetData></worksheet>')
  parser.close()
  return parser.take()
}

describe('sheetParser', () => {
  it('joins every run of an inline rich-text string and leaves phonetic runs out', () => {
    const [row] = rows(
      '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>0817</t></r><r><t>544861267</t></r><rPh><t>x</t></rPh></is></c></row>',
    )
    expect(row.cells).toEqual([{ kind: 'text', text: '0817544861267' }])
  })

  it('keeps a number format and reads dates by theirs, in both date systems', () => {
    const data =
      '<row r="2"><c r="B2" s="2"><v>817544861267</v></c><c r="C2" s="1"><v>46356</v></c><c r="D2" s="3"><v>5</v></c></row>'
    expect(rows(data)[0]).toEqual({
      number: 2,
      cells: [
        { kind: 'empty' },
        { kind: 'number', value: 817544861267, format: '0000000000000' },
        { kind: 'date', text: '2026-11-30' },
        { kind: 'number', value: 5, format: '@' },
      ],
    })
    expect(rows(data, [], true)[0].cells[2]).toEqual({ kind: 'date', text: '2030-12-01' })
  })

  it('reads x: prefixes, rows and cells without r, t="str", t="d", booleans, errors and formulas', () => {
    const parser = sheetParser({ shared: ['uno'], formats, date1904: false })
    parser.write(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c/><x:c t="str"><x:v>a_x000D_b &amp;lt;</x:v></x:c></x:row>' +
        '<x:row><x:c t="d"><x:v>1990-05-04T00:00:00</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c>' +
        '<x:c t="e"><x:v>#N/A</x:v></x:c><x:c><x:f>A1*2</x:f><x:v>4</x:v></x:c></x:row>' +
        '</x:sheetData></x:worksheet>',
    )
    parser.close()
    expect(parser.take()).toEqual([
      {
        number: 1,
        cells: [{ kind: 'text', text: 'uno' }, { kind: 'empty' }, { kind: 'text', text: 'a\rb &lt;' }],
      },
      {
        number: 2,
        cells: [
          { kind: 'date', text: '1990-05-04' },
          { kind: 'boolean', value: true },
          { kind: 'error', text: '#N/A' },
          { kind: 'formula', text: '=A1*2' },
        ],
      },
    ])
  })

  it('tells date formats from number formats', () => {
    expect(['dd/mm/yyyy', 'yyyy-mm-dd hh:mm', '[$-280A]d" de "mmmm" de "yyyy'].every(isDateFormat)).toBe(true)
    expect(
      ['0000000000000', '@', '#,##0.00', '"S/" #,##0.00', 'General', '0.00E+00'].some(isDateFormat),
    ).toBe(false)
  })
})

describe('shared strings the file does not hold', () => {
  it('are refused, never read as empty cells', () => {
    expect(() => rows('<row r="1"><c r="A1" t="s"><v>3</v></c></row>', ['uno'])).toThrow(
      'No se pudo leer el archivo',
    )
  })
})
