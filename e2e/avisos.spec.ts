import { payrollWorkbook } from '@planillas/testing/payroll-fixtures'
import type { Browser, Page } from '@playwright/test'
import { demoDocuments, expect, signIn, test } from './fixtures'
import { postPayroll, uploadPayrollForm } from './payrolls'

/** A payroll workbook of two demo employees, as a clerk would upload it. */
async function twoLinePayroll(page: Page) {
  const documents = await demoDocuments(page, 2)
  return payrollWorkbook(
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
}

/**
 * Waits until the batch `code` has ended, read in another session of the same clerk: its pages do
 * not touch this browser's session, so the notice is still to be told when this returns.
 */
async function waitForBatchElsewhere(browser: Browser, code: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  try {
    const other = await context.newPage()
    await signIn(other, 'rrhh')
    await expect(async () => {
      await other.goto(`/planillas/externas?search=${encodeURIComponent(code)}`)
      await expect(other.getByRole('row', { name: new RegExp(code) }).getByText('PROCESADO')).toBeVisible({
        timeout: 1000,
      })
    }).toPass({ timeout: 90_000 })
  } finally {
    await context.close()
  }
}

/**
 * A background upload that ends is told to the clerk who sent it: a notice at the top of the page,
 * once, with a link to the upload. Without JavaScript on whatever page comes next (the root loader);
 * with it also live on the page the clerk stays on (the header asks `/avisos`), kept until closed.
 */
test.describe('Avisos de cargas', () => {
  // An upload is processed in the background: allow for it on a busy two-core machine.
  test.describe.configure({ timeout: 150_000 })

  test('the end of a payroll upload shows on another page, once', async ({
    page,
    browser,
    signIn,
    javaScriptEnabled,
  }) => {
    const code = `PL-AVISO-${javaScriptEnabled ? 'JS' : 'HTML'}-${Date.now().toString(36)}`
    await signIn('rrhh')
    const file = await twoLinePayroll(page)
    // Posted as the upload form posts it; the browser's cookies come and go with it. The list the
    // answer leads to would tell the end already (a small file ends at once): not followed.
    const response = await postPayroll(page, code, file, { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    await waitForBatchElsewhere(browser, code)

    // The clerk works elsewhere; the first page after the batch ended says so.
    await page.goto('/areas')
    await expect(page.getByRole('heading', { name: 'Áreas' })).toBeVisible()
    const notices = page.getByTestId('upload-notices')
    await expect(notices.getByText(`Terminó la carga de la planilla ${code}: PROCESADO.`)).toBeVisible()
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

  test('@js-only the end shows live on the list the clerk stays on, said once', async ({ page, signIn }) => {
    const code = `PL-VIVO-${Date.now().toString(36)}`
    await signIn('rrhh')
    const file = await twoLinePayroll(page)
    await uploadPayrollForm(page, { code, name: `Planilla ${code}` }, file)
    await expect(page).toHaveURL(/\/planillas\/externas\?carga=\d+$/)
    const listAt = page.url()

    // The clerk stays on the list: its one notice turns into the end without a page load, and the
    // header does not say it a second time (the list follows this very upload).
    const outcome = page.getByTestId('upload-outcome')
    await expect(outcome).toHaveText('Terminó el procesamiento del archivo: PROCESADO.', { timeout: 60_000 })
    expect(page.url()).toBe(listAt)
    await expect(page.getByText('Se recibió el archivo; se está procesando…')).toHaveCount(0)
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await expect(page.getByTestId('upload-notices')).toHaveCount(0)

    // A revalidation of the page's data (as after a fetcher or an action) keeps the end shown.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { revalidate: () => Promise<void> } }
      ).__reactRouterDataRouter.revalidate(),
    )
    await expect(outcome).toHaveText('Terminó el procesamiento del archivo: PROCESADO.')
    await expect(page.getByTestId('upload-notices')).toHaveCount(0)
    // Told once: the header's resource has nothing more to say, and says it uncached.
    const answer = await page.request.get('/avisos')
    expect(answer.headers()['cache-control']).toBe('no-store')
    expect(await answer.json()).toEqual({ notices: [], watching: false })

    // No later page tells it again.
    await page.goto('/cargos')
    await expect(page.getByRole('heading', { name: 'Cargos' })).toBeVisible()
    await expect(page.getByTestId('upload-notices')).toHaveCount(0)
  })
})
