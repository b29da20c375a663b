import { describe, expect, it } from 'vitest'
import { decodeDownload, decodeDownloadInSlices } from './named-csv'

describe('decoding a download by slices', () => {
  it('gives what decodeDownload gives: UTF-8 split inside a character, a BOM dropped, Windows-1252 otherwise', async () => {
    const text = 'Ñandú|Óscar|Ávila\r\n'.repeat(50)
    let pauses = 0
    const pause = async () => void pauses++
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
    // Seven-byte slices cut the two-byte letters in half.
    expect(await decodeDownloadInSlices(utf8, pause, 7)).toBe(decodeDownload(utf8))
    expect(await decodeDownloadInSlices(utf8, pause, 7)).toBe(text)
    expect(pauses).toBeGreaterThan(100)
    const latin = Buffer.from(text, 'latin1')
    expect(await decodeDownloadInSlices(latin, pause, 7)).toBe(text)
    expect(await decodeDownloadInSlices(new Uint8Array(0), pause)).toBe('')
  })
})
