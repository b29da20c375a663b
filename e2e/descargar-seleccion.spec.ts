import { expect, test } from './fixtures'
import { readDownloadedSheet } from './xlsx'

/**
 * 'Descargar selección': on a list with a download, the ticked rows alone go to the workbook (the
 * same columns as 'Descargar'), with and without JavaScript (without it the rows' form is sent as
 * a GET of the download route with the ticked ids).
 */
const LISTS = [
  // The list, the sheet's column that names a row, and how a row's checkbox names it.
  { path: '/areas', column: 'Código', key: /^Seleccionar (\S+) —/ },
  { path: '/empresas', column: 'R.U.C.', key: /^Seleccionar (\d{11}) —/ },
  { path: '/colaboradores', column: 'Código', key: /^Seleccionar (\S+) —/ },
]

test.describe('Descargar selección', () => {
  for (const list of LISTS) {
    test(`${list.path}: two ticked rows download alone`, async ({ page, signIn }) => {
      await signIn('admin')
      await page.goto(`${list.path}?size=10`)
      const boxes = page.locator('input[type=checkbox][name=ids]:visible')
      await expect(boxes.first()).toBeVisible()
      const picked: string[] = []
      // The second and the fourth row: not simply the first ones of the file.
      for (const index of [1, 3]) {
        const box = boxes.nth(index)
        await box.check()
        const label = (await box.evaluate((b) => b.closest('label')?.textContent ?? '')).trim()
        const key = list.key.exec(label)?.[1]
        expect(key, label).toBeTruthy()
        picked.push(key ?? '')
      }
      const downloading = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Descargar selección' }).click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
      const [header, ...rows] = await readDownloadedSheet(download)
      const column = header.indexOf(list.column)
      expect(column, header.join(' | ')).toBeGreaterThanOrEqual(0)
      expect(rows.map((r) => r[column]).sort()).toEqual([...picked].sort())
    })
  }

  test('nothing ticked: the list says so and nothing downloads', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/areas?size=10')
    await page.getByRole('button', { name: 'Descargar selección' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Seleccione al menos un registro.')
    await expect(page).toHaveURL(/\/areas\?size=10$/)
  })

  test("cargos, specified without 'Descargar', offers no download of its rows either", async ({
    page,
    signIn,
  }) => {
    await signIn('admin')
    await page.goto('/cargos')
    // Its rows are still selectable for 'Cambiar estado'.
    await expect(page.locator('input[type=checkbox][name=ids]:visible').first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Descargar', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Descargar selección' })).toHaveCount(0)
    expect((await page.request.get('/descargar/cargos?seleccion=1&ids=1')).status()).toBe(404)
  })
})
