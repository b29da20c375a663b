import { periodOptions } from '@planillas/domain'
import { payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import { demoDocuments, expect, test } from './fixtures'

/**
 * A background upload that ends is told to the clerk who sent it on whatever page comes next: a
 * notice at the top of the page from the root loader (server-rendered, so without JavaScript too),
 * once, with a link to the upload.
 */
test.describe('Avisos de cargas', () => {
  test('the end of a payroll upload shows on another page, once', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const code = `PL-AVISO-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`
    await signIn('rrhh')
    const documents = await demoDocuments(page, 2)
    const file = await payrollWorkbook(
      documents.map((document, i) => [
        1,
        document,
        `COLABORADOR ${i + 1}`,
        '002',
        `1913000000${i}`,
        null,
        1500,
      ]),
    )
    // Posted as the upload form posts it; the browser's cookies come and go with it.
    const response = await page.request.post('/planillas/externas/carga', {
      multipart: {
        code,
        period: periodOptions()[1],
        name: `Planilla ${code}`,
        type: '1',
        file: { name: `${code}.xlsx`, mimeType: 'application/octet-stream', buffer: file },
      },
    })
    expect(response.ok()).toBe(true)

    // The clerk works elsewhere; a page after the batch ends says so.
    const notices = page.getByTestId('upload-notices')
    const text = `Terminó la carga de la planilla ${code}: PROCESADO.`
    await expect(async () => {
      await page.goto('/areas')
      await expect(notices.getByText(text)).toBeVisible({ timeout: 500 })
    }).toPass({ timeout: 60_000 })
    await expect(page.getByRole('heading', { name: 'Áreas' })).toBeVisible()
    const href = await notices.getByRole('link', { name: 'Ver la carga' }).getAttribute('href')
    expect(href).toMatch(/^\/planillas\/externas\?carga=\d+$/)

    // Told once: the next page is quiet.
    await page.goto('/cargos')
    await expect(page.getByRole('heading', { name: 'Cargos' })).toBeVisible()
    await expect(notices).toHaveCount(0)

    // The dashboard lists the clerk's last uploads with their results.
    await page.goto('/')
    const mine = page.getByRole('list', { name: 'Sus últimas cargas' })
    await expect(mine.getByRole('link', { name: `Planilla ${code}: PROCESADO` })).toBeVisible()

    // Its link opens the upload in its list, with its result.
    await page.goto(href ?? '')
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO.',
    )
  })
})
