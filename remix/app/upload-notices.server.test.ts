import { describe, expect, it } from 'vitest'
import { pageOf, showsItself } from './upload-notices.server'

const notice = { key: 'planilla-12', text: 'Terminó…', href: '/planillas/externas?carga=12' }

describe("an ended upload's notice and the page it is told on", () => {
  it('is told by the list that follows that very upload, not by the header a second time', () => {
    expect(showsItself(notice, new URL('http://web.test/planillas/externas?carga=12'))).toBe(true)
    // A client navigation's data request names the same page.
    expect(showsItself(notice, pageOf(new Request('http://web.test/planillas/externas.data?carga=12')))).toBe(
      true,
    )
  })

  it('is told by the header on any other page, or the same list following another upload', () => {
    expect(showsItself(notice, new URL('http://web.test/areas'))).toBe(false)
    expect(showsItself(notice, new URL('http://web.test/planillas/externas'))).toBe(false)
    expect(showsItself(notice, new URL('http://web.test/planillas/externas?carga=13'))).toBe(false)
  })
})
