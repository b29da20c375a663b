import type { Page } from '@playwright/test'
import { cardField, expect, listRow, openCard, test } from './fixtures'

/**
 * The columns each list shows with demo data, as their headers read. The document type
 * and number show under the name (a cell of two lines), so they are checked in the first row.
 */
const LISTS: { path: string; headers: string[]; firstRow?: RegExp }[] = [
  {
    path: '/colaboradores',
    headers: ['Código', 'Nombres y apellidos', 'Empresa', 'Área', 'Cargo', 'Estado', 'Opciones'],
    firstRow: /DNI \d{8}/,
  },
  {
    path: '/contratos',
    headers: [
      'N° de contrato',
      'Colaborador',
      'Empresa',
      'Área',
      'Inicio y duración',
      'Sueldo Base',
      'Sueldo Total',
      'Estado',
      'Opciones',
    ],
    firstRow: /DNI \d{8}/,
  },
  { path: '/areas', headers: ['Descripción', 'Estado', 'Opciones'] },
  { path: '/cargos', headers: ['Descripción', 'Estado', 'Opciones'] },
  {
    path: '/empresas',
    headers: ['R.U.C.', 'Razón social', 'Dirección fiscal', 'Representante legal', 'Estado', 'Opciones'],
  },
  { path: '/auditoria', headers: ['Acción', 'Fecha y hora', 'Usuario', 'Descripción'] },
]

/** The header is on screen, inside the viewport's width, and nothing covers its middle. */
async function expectInView(page: Page, name: string) {
  const header = page.getByRole('columnheader', { name, exact: true })
  await expect(header).toBeVisible()
  const box = await header.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box, name).not.toBeNull()
  if (!box) return
  expect(box.x, `${name} empieza dentro de la pantalla`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${name} termina dentro de la pantalla`).toBeLessThanOrEqual(width)
  const uncovered = await header.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return top !== null && (top === el || el.contains(top))
  })
  expect(uncovered, `${name} no queda tapada`).toBe(true)
}

/** The dashboard and every list screen, for the width checks. */
const SCREENS = [
  '/',
  '/colaboradores',
  '/contratos',
  '/areas',
  '/cargos',
  '/empresas',
  '/bancos',
  '/padrones',
  '/auditoria',
  '/planillas',
  '/planillas/abonos',
  '/planillas/externas',
  '/reclutamiento/vacantes',
  '/reclutamiento/postulantes',
  '/pagos/detracciones',
  '/pagos/retenciones',
  '/pagos/retenciones/comprobantes',
]

test.describe('Pantallas', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`the dashboard and every list fit the window at ${size.width} px`, async ({ page, signIn }) => {
      // Every list in turn: more pages than one test's usual time on a busy machine.
      test.setTimeout(90_000)
      await page.setViewportSize(size)
      await signIn('admin')
      for (const path of SCREENS) {
        await page.goto(path)
        await expect(page.locator('#page-title, h1').first()).toBeVisible()
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ])
        expect(scrollWidth, `${path} a ${size.width} px`).toBeLessThanOrEqual(innerWidth)
      }
      await page.goto('/')
      await page.screenshot({ path: test.info().outputPath(`portada-${size.width}.png`), fullPage: true })
    })
  }

  test('every column of the lists is in view at 1280 px', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn('admin')
    for (const list of LISTS) {
      await page.goto(list.path)
      for (const header of list.headers) await expectInView(page, header)
      if (list.firstRow) {
        await expect(page.getByRole('row').nth(1).getByText(list.firstRow)).toBeVisible()
      }
    }
  })

  test('at 390 px each row is a card that opens to the rest of its columns', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn('admin')
    await page.goto('/contratos')
    const card = listRow(page, 'Contratos', /CT-\d{4}-\d+/).first()
    const labels = ['Empresa', 'Área', 'Sueldo Base', 'Sueldo Total', 'Estado']
    // Shut, the card shows its head only: the contract and its employee.
    await expect(card.getByText(/^CT-\d{4}-\d+$/)).toBeVisible()
    for (const label of labels) await expect(cardField(card, label)).toBeHidden()
    await openCard(card)
    for (const label of labels) {
      const cell = cardField(card, label)
      await expect(cell).toBeVisible()
      const box = await cell.boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    }
  })

  test('below 992 px the one menu is a drawer that opens and closes, from 992 px a sidebar', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn('admin')
    const menu = page.getByRole('complementary', { name: 'Menú principal' })
    await expect(menu).toBeHidden()
    await page.locator('header label[for="drawer-toggle"]').click()
    await expect(menu).toBeVisible()
    const box = await menu.boundingBox()
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true)
    await menu.locator('summary', { hasText: 'Mantenimiento' }).click()
    await expect(menu.getByRole('link', { name: 'Áreas' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
    // The shade beside the drawer closes it.
    await page.mouse.click(380, 400)
    await expect(menu).toBeHidden()
    await expect(page.locator('main')).toBeVisible()

    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(menu).toBeVisible()
    await expect(page.locator('header label[for="drawer-toggle"]')).toBeHidden()
    // One menu on the page, whatever the width.
    await expect(page.locator('[data-menu="Áreas"]')).toHaveCount(1)
  })

  test('an unknown address is a 404 inside the app, with its title', async ({ page, signIn }) => {
    await signIn('admin')
    const response = await page.goto('/no-existe/aqui')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Página no encontrada | Planillas')
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Menú principal' })).toBeVisible()
    await expect(page.locator('main')).toHaveCount(1)

    await page.goto('/areas/abc')
    await expect(page.locator('main')).toHaveCount(1)
    await expect(page).toHaveTitle(/^(Página no encontrada|Ocurrió un error) \| Planillas$/)
  })

  test('a denied page says so in its title, not with the title of what it denied', async ({
    page,
    signIn,
  }) => {
    await signIn('auditor')
    const response = await page.goto('/areas')
    expect(response?.status()).toBe(403)
    await expect(page).toHaveTitle('Acceso denegado | Planillas')
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible()
    await expect(page.locator('main')).toHaveCount(1)
  })

  test('a page past the end and an empty search offer a way back', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/areas?page=999')
    await expect(page.getByText('La página 999 no existe en esta lista.')).toBeVisible()
    await expect(page.getByText(/Mostrando/)).toHaveCount(0)
    await page.getByRole('link', { name: 'Ir a la última página' }).click()
    await expect(page.getByRole('row')).not.toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeVisible()

    await page.goto('/areas?search=ninguna-area-asi')
    await expect(page.getByText('No se encontraron resultados.')).toBeVisible()
    await page.getByRole('link', { name: 'Limpiar filtros' }).click()
    await expect(page).toHaveURL(/\/areas$/)
    await expect(page.getByRole('columnheader', { name: 'Descripción' })).toBeVisible()
  })

  test('the read-only user sees the payment uploads in the menu and may open them', async ({
    page,
    signIn,
  }) => {
    await signIn('lector')
    const menu = page.getByRole('complementary', { name: 'Menú principal' })
    // The payroll's abonos are the payroll clerk's; the supplier ones any reader of Pagos'.
    await menu.locator('summary', { hasText: 'Planillas' }).click()
    await expect(menu.getByRole('link', { name: 'Cargar abonos' })).toHaveCount(0)
    await menu.locator('summary', { hasText: 'Pagos a proveedores' }).click()
    await menu.getByRole('link', { name: 'Abonos de proveedores' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Abonos de proveedores' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cargar', exact: true })).toHaveCount(0)
  })

  test("'Control de pagos' draws its charts on the server", async ({ page, signIn }) => {
    await signIn('admin')
    const months = page.getByRole('region', { name: 'Contratos que vencen por mes' })
    await expect(months.getByRole('img', { name: /vencen en cada uno de los próximos meses/ })).toBeVisible()
    // The demo's contracts POR VENCER end within the next months: some column has a height.
    await expect(months.locator('rect').first()).toBeVisible()
    await expect(months.getByRole('table')).toContainText(/\d/)
    await expect(page.getByRole('region', { name: /^Avance de las planillas de / })).toBeVisible()
    await expect(page.getByRole('region', { name: /^Soles abonados y pendientes/ })).toBeVisible()
    // The supplier vouchers waiting at each step, each linked to the list filtered by it.
    const suppliers = page.getByRole('region', { name: 'Pagos a proveedores' })
    await expect(suppliers.getByRole('link', { name: 'Por autorizar' })).toHaveAttribute(
      'href',
      '/pagos?statuses=1',
    )
    await expect(suppliers.getByText('Detracciones por depositar')).toBeVisible()
    // 'Vencidos sin pagar' opens the list of those alone: each voucher it shows is marked VENCIDO.
    const overdue = suppliers.getByRole('link', { name: 'Vencidos sin pagar' })
    await expect(overdue).toHaveAttribute('href', '/pagos?overdue=true')
    await overdue.click()
    await expect(page.getByRole('heading', { name: 'Comprobantes por pagar' })).toBeVisible()
    const rows = page.locator('table tbody tr')
    const empty = await page.getByText('No se encontraron resultados.').count()
    const shown = empty ? 0 : await rows.count()
    for (let i = 0; i < shown; i++) await expect(rows.nth(i)).toContainText('VENCIDO')
  })

  test('a duplicate R.U.C. is said once', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/empresas')
    // The first cell selects the row (bulk actions); the R.U.C. is the cell of eleven digits.
    const ruc =
      (
        await page
          .getByRole('row')
          .nth(1)
          .getByRole('cell')
          .filter({ hasText: /^\s*\d{11}\s*$/ })
          .first()
          .textContent()
      )?.trim() ?? ''
    expect(ruc).toMatch(/^\d{11}$/)
    await page.goto('/empresas/crear')
    await page.getByLabel(/^R\.U\.C\./).fill(ruc)
    await page.getByLabel(/^Razón social/).fill('Duplicada S.A.C.')
    await page.getByLabel(/^Dirección fiscal/).fill('Av. Siempre Viva 123')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByText('Ya existe una empresa registrada con el mismo RUC')).toHaveCount(1)
  })
})

test.describe('Fechas en un navegador en inglés', () => {
  test.use({ locale: 'en-US' })

  test('dates read and show DD/MM/YYYY', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/contratos?status=1')
    const first = page.getByRole('row').nth(1)
    const [start] =
      ((await first.getByRole('cell').nth(4).textContent()) ?? '').match(/\d{2}\/\d{2}\/\d{4}/) ?? []
    expect(start).toBeTruthy()
    const details = (await first.getByRole('link', { name: 'Ver datos' }).getAttribute('href')) ?? ''
    await page.goto(details.replace(/\/detalle(\?.*)?$/, '/editar'))
    await expect(page.getByLabel(/^Fecha de Inicio/)).toHaveValue(start ?? '')
    // The computed end date is text in the same order, not a native input in the browser's order.
    await expect(page.getByLabel(/^Fecha de fin/)).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/)
    await expect(page.getByLabel(/^Fecha de fin/)).not.toHaveAttribute('type', 'date')

    // A filter typed as DD/MM/AAAA filters and shows the same in its chip.
    await page.goto('/auditoria')
    const filter = page.getByText('Filtrar')
    if (await filter.isVisible()) await filter.click()
    await page.getByLabel('Desde').fill('01/01/2020')
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText(/01\/01\/2020/).first()).toBeVisible()
  })
})
