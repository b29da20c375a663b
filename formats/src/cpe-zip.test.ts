import { CPE_ZIP_LIMITS, CPE_ZIP_MESSAGES as M } from '@planillas/domain'
import { cpeFixture } from '@planillas/testing/cpe-fixtures'
import { bombPart, buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import { describe, expect, it } from 'vitest'
import { CpeZipError, readCpeZip } from './cpe-zip'

const XML = cpeFixture('greenter-invoice21-credito.xml')
const PDF = Buffer.from('%PDF-1.4 stand-in')

describe('readCpeZip', () => {
  it('pairs each XML with the PDF of the same name, in any folder, ignoring folders and archiver files', async () => {
    const zip = buildZip([
      deflatedPart('lote/F001-1.xml', XML),
      deflatedPart('lote/F001-1.PDF', PDF),
      deflatedPart('F001-2.xml', XML),
      deflatedPart('__MACOSX/lote/._F001-1.xml', 'junk'),
      deflatedPart('.DS_Store', 'junk'),
    ])
    const { files, problems } = await readCpeZip(zip)
    expect(problems).toEqual([])
    expect(files.map((f) => [f.name, f.pdf?.name ?? null])).toEqual([
      ['F001-2.xml', null],
      ['lote/F001-1.xml', 'F001-1.PDF'],
    ])
    expect(Buffer.compare(files[1].xml, XML)).toBe(0)
    expect(Buffer.compare(files[1].pdf?.content ?? Buffer.alloc(0), PDF)).toBe(0)
  })

  it('lists other files, repeated names and a PDF without its XML', async () => {
    const zip = buildZip([
      deflatedPart('F001-1.xml', XML),
      deflatedPart('otra/F001-1.xml', XML),
      deflatedPart('F001-9.pdf', PDF),
      deflatedPart('notas.txt', 'hola'),
    ])
    const { files, problems } = await readCpeZip(zip)
    expect(files).toHaveLength(1)
    expect(problems).toEqual([
      { file: 'otra/F001-1.xml', message: M.repeated },
      { file: 'notas.txt', message: M.otherFile },
      { file: 'F001-9.pdf', message: M.pdfWithoutXml },
    ])
  })

  it('refuses what is not a ZIP, a ZIP without XML and too many entries', async () => {
    await expect(readCpeZip(Buffer.from('<Invoice/>'))).rejects.toThrow(new CpeZipError(M.notZip))
    await expect(readCpeZip(buildZip([deflatedPart('a.pdf', PDF)]))).rejects.toThrow(new CpeZipError(M.noXml))
    const many = buildZip(
      Array.from({ length: CPE_ZIP_LIMITS.maxEntries + 1 }, (_, i) => deflatedPart(`F${i}.xml`, '<a/>')),
    )
    await expect(readCpeZip(many)).rejects.toThrow(
      new CpeZipError(M.tooManyEntries(CPE_ZIP_LIMITS.maxEntries)),
    )
  })

  it('refuses a bomb by its declared ratio before inflating, and one whose headers lie by counting real bytes', async () => {
    const bomb = await bombPart('F001-1.xml', '<Invoice>', 50 * 1024 * 1024, '</Invoice>')
    const byRatio = await readCpeZip(buildZip([bomb, deflatedPart('F001-2.xml', XML)]))
    expect(byRatio.problems).toEqual([{ file: 'F001-1.xml', message: M.entryTooLarge(10) }])
    const small = await bombPart('F001-3.xml', '<Invoice>', 5 * 1024 * 1024, '</Invoice>')
    const ratio = await readCpeZip(buildZip([small, deflatedPart('F001-2.xml', XML)]))
    expect(ratio.problems).toEqual([{ file: 'F001-3.xml', message: M.bomb }])
    // The headers say 5 KB (a plausible ratio); the data inflates to 5 MB: stopped at the lie.
    const lying = { ...small, declaredSize: small.compressed.length * 2 }
    const lie = await readCpeZip(buildZip([lying, deflatedPart('F001-2.xml', XML)]))
    expect(lie.problems).toEqual([{ file: 'F001-3.xml', message: M.bomb }])
    expect(lie.files.map((f) => f.name)).toEqual(['F001-2.xml'])
  })
})
