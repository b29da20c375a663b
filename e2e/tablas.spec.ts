import type { Page } from '@playwright/test'
import { expect, listRow, openCard, test } from './fixtures'

/**
 * Tables: every list sorts by its columns' headers (the order in the URL as the API's
 * `sort=field,asc|desc`, kept on reload, without JavaScript too; on a phone a 'Ordenar por' form),
 * and 'Volver' returns to the list as it was. At 1280 and 390 px, JavaScript on and off.
 */
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

const javaScript = () => test.info().project.use.javaScriptEnabled !== false

/** Each list and its sortable columns: header → the API's sort field. */
const LISTS: { path: string; columns: [string, string][] }[] = [
  {
    path: '/colaboradores',
    columns: [
      ['Código', 'id'],
      ['Nombres y apellidos', 'name'],
      ['Estado', 'status'],
    ],
  },
  {
    path: '/contratos',
    columns: [
      ['N° de contrato', 'number'],
      ['Inicio y duración', 'startDate'],
      ['Fecha de fin', 'finishDate'],
      ['Sueldo Base', 'baseSalary'],
      ['Sueldo Total', 'totalSalary'],
      ['Estado', 'status'],
    ],
  },
  {
    path: '/empresas',
    columns: [
      ['R.U.C.', 'ruc'],
      ['Razón social', 'name'],
      ['Estado', 'status'],
    ],
  },
  {
    path: '/areas',
    columns: [
      ['Descripción', 'description'],
      ['Código', 'code'],
      ['Estado', 'status'],
      ['Fecha de creación', 'createdAt'],
    ],
  },
  {
    path: '/cargos',
    columns: [
      ['Descripción', 'description'],
      ['Código', 'code'],
      ['Estado', 'status'],
      ['Fecha de creación', 'createdAt'],
    ],
  },
  {
    path: '/bancos',
    columns: [
      ['Código CCE', 'code'],
      ['Nombre', 'name'],
      ['Nombre corto', 'shortName'],
      ['Estado', 'status'],
      ['Fecha de creación', 'createdAt'],
    ],
  },
  {
    path: '/proveedores',
    columns: [
      ['R.U.C.', 'ruc'],
      ['Razón social', 'name'],
      ['Tipo', 'supplierType'],
      ['Estado', 'status'],
    ],
  },
  {
    path: '/reclutamiento/vacantes',
    columns: [
      ['Código de vacante', 'code'],
      ['Fecha de creación', 'createdAt'],
      ['Total de postulantes', 'applicants'],
      ['Estado', 'status'],
    ],
  },
  {
    path: '/auditoria',
    columns: [['Fecha y hora', 'createdAt']],
  },
  {
    path: '/reclutamiento/postulantes',
    columns: [
      ['Código', 'code'],
      ['Número de documento', 'identifier'],
    ],
  },
]

const sortOf = (page: Page) => new URL(page.url()).searchParams.get('sort')
const header = (page: Page, name: string) => page.locator('thead th', { hasText: name }).first()

for (const size of SIZES) {
  test.describe(`Orden por columna a ${size.width} px`, () => {
    test.beforeEach(async ({ page, signIn }) => {
      await page.setViewportSize(size)
      await signIn('admin')
    })

    for (const list of LISTS) {
      test(`${list.path}: every sortable column, in the URL, kept on reload`, async ({ page }) => {
        await page.goto(`${list.path}?size=10`)
        await expect(page.getByTestId('empty')).toHaveCount(0)
        if (size.width >= 1024) {
          for (const [name, field] of list.columns) {
            await header(page, name).getByRole('link').click()
            await expect.poll(() => sortOf(page)).toBe(`${field},asc`)
            await expect(header(page, name)).toHaveAttribute('aria-sort', 'ascending')
            // The page size stays; the order is a new first page.
            expect(new URL(page.url()).searchParams.get('size')).toBe('10')
            await header(page, name).getByRole('link').click()
            await expect.poll(() => sortOf(page)).toBe(`${field},desc`)
            await expect(header(page, name)).toHaveAttribute('aria-sort', 'descending')
          }
        } else {
          // No headers on a phone: 'Ordenar por' (submits on change with JavaScript, 'Ordenar' without).
          for (const [name, field] of list.columns) {
            await page
              .getByLabel('Ordenar por', { exact: true })
              .selectOption({ label: `${name} (descendente)` })
            if (!javaScript()) await page.getByRole('button', { name: 'Ordenar', exact: true }).click()
            await expect.poll(() => sortOf(page)).toBe(`${field},desc`)
          }
        }
        const [lastName, lastField] = list.columns[list.columns.length - 1]
        // The URL changes when the last order's navigation commits; reloading before it has loaded
        // races Chromium's own navigation ('Not attached to an active page').
        await page.waitForLoadState('load')
        await page.goto(page.url())
        expect(sortOf(page)).toBe(`${lastField},desc`)
        await expect(header(page, lastName)).toHaveAttribute('aria-sort', 'descending')
        await expect(page.getByLabel('Ordenar por', { exact: true })).toHaveValue(`${lastField},desc`)
        // The other headers say they do not order the list.
        for (const [name] of list.columns.slice(0, -1)) {
          await expect(header(page, name)).toHaveAttribute('aria-sort', 'none')
        }
        await expect(page.getByTestId('empty')).toHaveCount(0)
      })
    }

    test('employees sorted by code, descending: the rows come in that order', async ({ page }) => {
      // The code's column, found by its header (a selection column comes first).
      const codes = async () => {
        const headers = (await page.locator('table thead th').allTextContents()).map((h) => h.trim())
        const column = headers.findIndex((h) => h.startsWith('Código')) + 1
        expect(column, headers.join(' | ')).toBeGreaterThan(0)
        return (await page.locator(`table tbody tr td:nth-child(${column})`).allTextContents()).map((c) =>
          c.trim(),
        )
      }
      await page.goto('/colaboradores?sort=id,desc&size=10')
      const descending = await codes()
      expect(descending.length).toBeGreaterThan(1)
      expect(descending).toEqual([...descending].sort().reverse())
      await page.goto('/colaboradores?sort=id,asc&size=10')
      const ascending = await codes()
      expect(ascending[0]).toBe('COL-000001')
      expect(ascending).toEqual([...ascending].sort())
    })

    test("'Volver' returns to the list as it was: page, size and order", async ({ page }) => {
      // The whole query travels (`desde`): a search or a filter comes back the same way.
      const list = '/colaboradores?sort=name,desc&size=10&page=2'
      await page.goto(list)
      const first = listRow(page, 'Colaboradores', /COL-\d+/).first()
      await openCard(first)
      await first.getByRole('link', { name: 'Ver datos' }).click()
      await expect(page).toHaveURL(/\/colaboradores\/\d+\/detalle\?desde=/)
      await page.getByRole('link', { name: 'Volver' }).click()
      await expect(page).toHaveURL((url) => decodeURIComponent(`${url.pathname}${url.search}`) === list)
      await expect(page.getByText(/Mostrando 11–20 de/)).toBeVisible()

      // The same from a contract, and from its edit form ('Volver' of the form): current contracts
      // only, which the other tests may finish but always leave on the first page's five.
      const contracts = '/contratos?status=1&sort=startDate,desc&size=5'
      await page.goto(contracts)
      // On a phone the rows are cards, opened to their actions.
      const row = listRow(page, 'Contratos', /CT-\d+/).first()
      await openCard(row)
      await row.getByRole('link', { name: 'Ver datos' }).click()
      await page.getByRole('link', { name: 'Volver' }).click()
      await expect(page).toHaveURL((url) => decodeURIComponent(`${url.pathname}${url.search}`) === contracts)
      const editable = page.locator(`a[href^="/contratos/"][href*="/editar?desde="]`).first()
      await page.goto((await editable.getAttribute('href')) ?? '')
      await page.getByRole('link', { name: 'Volver' }).click()
      await expect(page).toHaveURL((url) => decodeURIComponent(`${url.pathname}${url.search}`) === contracts)
    })

    test('several areas change status at once, an audit entry each', async ({ page }) => {
      const tag = `Lote ${size.width} ${javaScript() ? 'js' : 'nojs'} ${Date.now()}`
      for (const n of ['uno', 'dos']) {
        await page.goto('/areas/crear')
        await page.getByLabel('Descripción').fill(`${tag} ${n}`)
        await page.getByRole('button', { name: 'Guardar' }).click()
        await expect(page).toHaveURL(/\/areas\/\d+$/)
      }
      await page.goto(`/areas?search=${encodeURIComponent(tag)}`)
      const boxes = page.locator('input[type=checkbox][name=ids]:visible')
      await expect(boxes).toHaveCount(2)
      if (javaScript()) {
        await page.getByRole('button', { name: 'Seleccionar todos en la página' }).click()
        await expect(page.getByTestId('selected-count')).toHaveText('2 seleccionados')
      } else {
        for (const box of await boxes.all()) await box.check()
      }
      await page.getByLabel('Pasar a', { exact: true }).selectOption({ label: 'SUSPENDIDO' })
      await page.getByRole('button', { name: 'Cambiar estado de los seleccionados' }).click()
      // Asked first, as for one row.
      await expect(page.getByText('¿Está seguro que desea cambiar el estado?')).toBeVisible()
      await expect(page.getByText('Los 2 registros seleccionados pasarán a SUSPENDIDO.')).toBeVisible()
      await page.getByRole('button', { name: 'Aceptar' }).click()
      await expect(page.getByTestId('toast')).toHaveText('Estado actualizado correctamente')
      // Back on the same list (its search kept), both SUSPENDIDO.
      expect(new URL(page.url()).searchParams.get('search')).toBe(tag)
      // On a phone each card's code and status are behind its 'Detalle'.
      for (const card of await listRow(page, 'Áreas', tag).all()) await openCard(card)
      await expect(page.getByText('SUSPENDIDO', { exact: true }).locator('visible=true')).toHaveCount(2)
      const codes = await page
        .getByText(/^AR-\d+$/)
        .locator('visible=true')
        .allTextContents()
      expect(codes).toHaveLength(2)
      for (const code of codes) {
        await page.goto(`/auditoria?search=${encodeURIComponent(`del área ${code} a`)}`)
        // In the table at 1280, in the card's expandable part at 390.
        await expect(page.getByText(`Cambió el estado del área ${code} a SUSPENDIDO`).first()).toBeAttached()
      }
    })

    test("'Volver' ignores a 'desde' that is not the record's list", async ({ page }) => {
      await page.goto('/colaboradores?size=10')
      const href = await page.locator('a[href*="/detalle"]').first().getAttribute('href')
      const detail = (href ?? '').split('?')[0]
      for (const desde of ['//evil.example/colaboradores', '/auditoria?x=1', 'https://evil.example/']) {
        await page.goto(`${detail}?desde=${encodeURIComponent(desde)}`)
        await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/colaboradores')
      }
    })
  })
}
