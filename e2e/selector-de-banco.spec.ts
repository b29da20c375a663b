import { expect, test } from './fixtures'

/**
 * One bank picker: 'Nuevo proveedor', 'Nuevo colaborador' and 'Contratar' offer the same banks, in the
 * same Spanish reading order, each named the same way ('Banco de Crédito del Perú (BCP)'), with
 * JavaScript and without (the config's two projects).
 */
test('the supplier, employee and hiring forms offer the same banks, named and ordered alike', async ({
  page,
  signIn,
}) => {
  await signIn('admin')
  const banksOf = async (url: string) => {
    await page.goto(url)
    return page.getByLabel('Banco', { exact: false }).first().locator('option').allTextContents()
  }
  const employees = await banksOf('/colaboradores/crear')
  expect(employees).toContain('Banco de Crédito del Perú (BCP)')
  expect(employees.indexOf('Banco de Crédito del Perú (BCP)')).toBeLessThan(employees.indexOf('BBVA Perú'))
  expect(await banksOf('/proveedores/crear')).toEqual(employees)

  // 'Contratar' of a demo applicant not hired yet, found from the applicants' data pages.
  await page.goto('/reclutamiento/postulantes')
  const details = await page
    .locator('a[href*="/reclutamiento/postulantes/"][href*="/detalle"]')
    .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))])
  let hireUrl = ''
  for (const url of details) {
    await page.goto(url)
    const link = page.getByRole('link', { name: 'Contratar', exact: true })
    if (await link.count()) {
      hireUrl = String(await link.getAttribute('href'))
      break
    }
  }
  expect(hireUrl).toMatch(/\/contratar$/)
  await page.goto(hireUrl)
  expect(
    await page.getByLabel('Banco', { exact: false }).first().locator('option').allTextContents(),
  ).toEqual(employees)
})
