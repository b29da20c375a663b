import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * Tables at 1280 px: no header, totals label or totals cell breaks inside a word ('Proveedore s',
 * 'Colabora dor'), and no totals cell runs two amounts together ('S/ 26,494.00S/ 444.00'). JavaScript
 * on and off (the markup is the same; the nojs run proves it without the client's rendering).
 */
const LISTS = [
  '/colaboradores',
  '/contratos',
  '/empresas',
  '/areas',
  '/cargos',
  '/bancos',
  '/padrones',
  '/planillas',
  '/pagos',
  '/proveedores',
  '/pagos/generar',
  '/pagos/abonos',
  '/pagos/carga',
  '/pagos/detracciones',
  '/pagos/retenciones/comprobantes',
  '/reclutamiento/vacantes',
  '/reclutamiento/postulantes',
  '/auditoria',
]

/**
 * The words of the wide table's headers and totals that the browser split over two lines: each word's
 * range has one box per line it is laid on.
 */
async function brokenWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = []
    const cells = document.querySelectorAll('section table thead th, section table tfoot td')
    for (const cell of cells) {
      if (!(cell as HTMLElement).offsetParent) continue
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          )
          if (lines.size > 1) broken.push(`${match[0]} (${lines.size} líneas)`)
        }
      }
    }
    return broken
  })
}

/** Header and totals cells whose content spills out of them (two amounts then run together). */
async function spilled(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('section table thead th, section table tfoot td')]
      .filter((c) => (c as HTMLElement).offsetParent && c.scrollWidth > c.clientWidth + 1)
      .map((c) => `${(c.textContent ?? '').replace(/\s+/g, ' ')} desborda su celda`),
  )
}

test('no table header or totals word breaks at 1280 px, no totals run together', async ({ page, signIn }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn('admin')
  const problems: string[] = []
  for (const url of LISTS) {
    await page.goto(url)
    for (const word of await brokenWords(page)) problems.push(`${url}: ${word}`)
    for (const cell of await spilled(page)) problems.push(`${url}: ${cell}`)
  }
  // The vouchers' list has a totals row with four amounts.
  await page.goto('/pagos')
  await expect(page.getByTestId('totals')).toBeVisible()
  expect(problems).toEqual([])
})
