import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, pickFilterOption, test } from './fixtures'
import { readDownloadedSheet } from './xlsx'

/**
 * The multiple filters of 'Filtrar' (Área, Cargo, Empresa) are searchable pickers: with JavaScript
 * a combobox with chips, without it a checklist; both send `areaIds=1&areaIds=2`. Desktop and phone.
 */
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

const javaScript = () => test.info().project.use.javaScriptEnabled !== false

/** The filter form: the open panel's with JavaScript, the filter page's without. */
const panelOf = (page: Page) => page.locator('form[data-filter-form]')

/** A box lies within another (1 px of rounding allowed). */
async function expectWithin(inner: Locator, outer: { x: number; width: number }, what: string) {
  const box = await inner.boundingBox()
  expect(box, what).not.toBeNull()
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(outer.x - 1)
  expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(outer.x + outer.width + 1)
}

/** The panel fits the viewport and every control of it fits the panel (no overflow). */
async function expectPanelFits(page: Page) {
  const width = page.viewportSize()?.width ?? 0
  const panel = panelOf(page)
  await expectWithin(panel, { x: 0, width }, 'el panel de filtros dentro de la pantalla')
  const box = (await panel.boundingBox()) ?? { x: 0, width: 0 }
  for (const control of await panel.locator('input:visible, select:visible, button:visible').all()) {
    await expectWithin(control, box, `un control de ${await control.getAttribute('name')} dentro del panel`)
  }
  // With JavaScript the picker's list of options floats over the page: it fits the screen as well.
  if (javaScript()) await expectWithin(page.getByRole('listbox'), { x: 0, width }, 'las opciones')
}

/** Takes `option` back out of the picker: its chip's ✕ with JavaScript, its checkbox without. */
async function unpick(page: Page, label: string, option: string) {
  if (javaScript()) {
    await page.getByRole('button', { name: `Quitar ${option} de ${label}`, exact: true }).click()
    await expect(page.getByRole('button', { name: `Quitar ${option} de ${label}` })).toHaveCount(0)
    return
  }
  const box = page.getByRole('group', { name: label, exact: true }).getByRole('checkbox', { name: option })
  await expect(box).toBeChecked()
  await box.uncheck()
}

/** The total of 'Mostrando x–y de N'. */
async function totalShown(page: Page) {
  const text = (await page.getByText(/Mostrando .* de [\d,]+/).textContent()) ?? ''
  return Number(text.match(/de ([\d,]+)/)?.[1].replace(/,/g, ''))
}

/** The texts of the cells of each row of the table (present at every width, shown from 1024 px). */
const rowCells = async (page: Page) =>
  Promise.all((await page.locator('table tbody tr').all()).map((row) => row.locator('td').allTextContents()))

/**
 * The open panel fits the screen, axe finds nothing serious, and a screenshot to look at; with
 * JavaScript, with the options of the picker `label` open (they float over the page).
 */
async function checkPanel(page: Page, label: string, name: string) {
  const box = page.getByRole('combobox', { name: label, exact: true })
  if (javaScript()) {
    await box.press('ArrowDown')
    await expect(page.getByRole('listbox')).toBeVisible()
  }
  await expectPanelFits(page)
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) })
  if (javaScript()) {
    await box.press('Escape')
    await expect(page.getByRole('listbox')).toHaveCount(0)
  }
}

for (const size of SIZES) {
  test.describe(`Filtros con buscador a ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size)
    })

    test('employees by two areas, then one of them taken back', async ({ page, signIn }) => {
      await signIn('rrhh')
      await page.goto('/colaboradores')
      const all = await totalShown(page)
      await page.getByText('Filtrar', { exact: true }).click()
      await pickFilterOption(page, 'Área', 'operac', 'Operaciones')
      // Accents ignored: 'logist' finds 'Logística'.
      await pickFilterOption(page, 'Área', 'logist', 'Logística')
      await checkPanel(page, 'Área', `colaboradores-areas-${size.width}`)
      await page.getByRole('button', { name: 'Aplicar' }).click()

      await expect(page.getByText('Área: Operaciones')).toBeVisible()
      await expect(page.getByText('Área: Logística')).toBeVisible()
      expect(new URL(page.url()).searchParams.getAll('areaIds')).toHaveLength(2)
      const both = await totalShown(page)
      expect(both).toBeGreaterThan(0)
      expect(both).toBeLessThan(all)
      const rows = await rowCells(page)
      expect(rows.length).toBeGreaterThan(0)
      for (const cells of rows) {
        expect(
          cells.filter((c) => c === 'Operaciones' || c === 'Logística'),
          cells.join(' | '),
        ).toHaveLength(1)
      }

      // The panel shows what is in force; taking Operaciones back leaves Logística alone.
      await page.getByText(/^Filtrar/).click()
      await unpick(page, 'Área', 'Operaciones')
      await page.getByRole('button', { name: 'Aplicar' }).click()
      await expect(page.getByText('Área: Operaciones')).toHaveCount(0)
      await expect(page.getByText('Área: Logística')).toBeVisible()
      expect(new URL(page.url()).searchParams.getAll('areaIds')).toHaveLength(1)
      await expect.poll(() => totalShown(page)).toBeLessThan(both)
      for (const cells of await rowCells(page)) expect(cells).toContain('Logística')
    })

    test('contracts by a position, and the download carries it', async ({ page, signIn }) => {
      await signIn('admin')
      await page.goto('/contratos')
      const all = await totalShown(page)
      await page.getByText('Filtrar', { exact: true }).click()
      await pickFilterOption(page, 'Cargo', 'chof', 'Chofer')
      await checkPanel(page, 'Cargo', `contratos-cargo-${size.width}`)
      await page.getByRole('button', { name: 'Aplicar' }).click()

      await expect(page.getByText('Cargo: Chofer')).toBeVisible()
      expect(new URL(page.url()).searchParams.getAll('positionIds')).toHaveLength(1)
      const filtered = await totalShown(page)
      expect(filtered).toBeGreaterThan(0)
      expect(filtered).toBeLessThan(all)
      const download = page.waitForEvent('download')
      await page.getByRole('link', { name: 'Descargar' }).click()
      const sheet = await readDownloadedSheet(await download)
      expect(sheet[0][6]).toBe('Cargo')
      expect(sheet.length - 1).toBe(filtered)
      expect(sheet.slice(1).every((r) => r[6] === 'Chofer')).toBe(true)

      await page.getByRole('link', { name: 'Quitar filtro Cargo: Chofer' }).click()
      await expect(page.getByText('Cargo: Chofer')).toHaveCount(0)
      await expect.poll(() => totalShown(page)).toBe(all)
    })
  })
}

test.describe('Sin los scripts de la aplicación', () => {
  // axe runs inside the page, so the 'nojs' project cannot scan it: here the page has JavaScript for
  // axe but never loads the app's scripts, so it stays the server's no-JavaScript markup.
  test.use({ javaScriptEnabled: true })

  test('the checklists pass axe', async ({ page, signIn }) => {
    await signIn('admin')
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto('/contratos?areaIds=1&positionIds=2&positionIds=3')
    await page.getByText(/^Filtrar/).click()
    await expect(page.getByRole('combobox', { name: 'Área', exact: true })).toHaveCount(0)
    const ticked = (label: string) =>
      page.getByRole('group', { name: label, exact: true }).getByRole('checkbox', { checked: true })
    await expect(ticked('Área')).toHaveCount(1)
    await expect(ticked('Cargo')).toHaveCount(2)
    const { violations } = await new AxeBuilder({ page }).analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
  })
})

test.describe('Con el teclado', () => {
  // The combobox is the JavaScript path: both projects run this with JavaScript.
  test.use({ javaScriptEnabled: true })

  test('chips are taken back with Backspace and with their ✕ reached by Tab', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/contratos')
    await page.getByText('Filtrar', { exact: true }).click()
    const box = page.getByRole('combobox', { name: 'Área', exact: true })
    const chips = page.getByRole('list', { name: 'Área elegidos' }).getByRole('listitem')
    const sent = page.locator('input[type="hidden"][name="areaIds"]')
    for (const [term, option] of [
      ['ventas', 'Ventas'],
      ['sistem', 'Sistemas'],
    ]) {
      await box.fill(term)
      await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible()
      await box.press('ArrowDown')
      await box.press('Enter')
      await expect(box).toHaveValue('')
    }
    await expect(chips).toHaveText(['Ventas✕', 'Sistemas✕'])
    await expect(sent).toHaveCount(2)

    await box.press('Escape')
    await box.press('Backspace')
    await expect(chips).toHaveText(['Ventas✕'])
    await box.press('Shift+Tab')
    const remove = page.getByRole('button', { name: 'Quitar Ventas de Área', exact: true })
    await expect(remove).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(chips).toHaveCount(0)
    await expect(sent).toHaveCount(0)
    await expect(box).toBeFocused()
  })
})

/** The parameters of the page's address that are there with no value ('?status=&search='). */
const emptyParams = (page: Page) =>
  [...new URL(page.url()).searchParams].filter(([, value]) => value.trim() === '').map(([key]) => key)

for (const size of SIZES) {
  test.describe(`Lo que dicen los filtros a ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size)
    })

    test('a reversed date range says only why, and the address keeps only what was chosen', async ({
      page,
      signIn,
    }) => {
      await signIn('rrhh')
      await page.goto('/colaboradores')
      await page.getByText('Filtrar', { exact: true }).click()
      const panel = panelOf(page)
      const range = panel.getByRole('group', { name: /Inicio de contrato/ })
      await range.getByLabel('Desde').fill('10/10/2026')
      await range.getByLabel('Hasta').fill('01/01/2026')
      await panel.getByRole('button', { name: 'Aplicar' }).click()

      await expect(page.getByText('La fecha inicial no puede ser mayor a la final')).toBeVisible()
      await expect(page.getByText('Inicio de contrato: 10/10/2026 – 01/01/2026')).toBeVisible()
      await expect(page.getByText('No se encontraron resultados.')).toHaveCount(0)
      await expect(page.getByTestId('empty')).toHaveCount(0)
      await expect(page.getByRole('navigation', { name: 'Paginación' })).toHaveCount(0)
      // The panel sent every field; the blank ones are not in the address.
      expect(emptyParams(page)).toEqual([])
      expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual([
        'contractInitiationFrom',
        'contractInitiationTo',
      ])

      // A search typed and then cleared leaves no 'search=' behind either.
      const search = page.getByRole('searchbox', { name: 'Buscar por nombre o número de documento' })
      await search.fill('quispe')
      await search.press('Enter')
      await expect(page).toHaveURL(/search=quispe/)
      await search.fill('')
      await search.press('Enter')
      await expect(page).not.toHaveURL(/search/)
      expect(emptyParams(page)).toEqual([])
      await page.goto('/areas?search=&status=&page=')
      await expect(page).toHaveURL(/\/areas$/)
    })

    test("the search box's text is whole on the screen", async ({ page, signIn }) => {
      await signIn('admin')
      for (const [path, text] of [
        ['/contratos', 'Buscar por número de documento o nombres y apellidos'],
        ['/reclutamiento/vacantes', 'Buscar por código de vacante o nombre del postulante'],
        ['/colaboradores', 'Buscar por nombre o número de documento'],
      ]) {
        await page.goto(path)
        const box = page.getByRole('searchbox', { name: text })
        await expect(box).toBeVisible()
        // Shown whole: inside the box where it fits (desktop), as the label above it on a phone.
        const cut = await box.evaluate((input: HTMLInputElement) => {
          const label = input.labels?.[0]
          const labelShown = label !== undefined && label !== null && label.getBoundingClientRect().width > 1
          if (labelShown)
            return (
              label.scrollWidth > label.clientWidth || label.getBoundingClientRect().right > window.innerWidth
            )
          const probe = document.createElement('span')
          const style = getComputedStyle(input, '::placeholder')
          probe.style.font = style.font
          probe.style.whiteSpace = 'pre'
          probe.textContent = input.placeholder
          document.body.append(probe)
          const needed = probe.getBoundingClientRect().width
          probe.remove()
          const inner = input.clientWidth - Number.parseFloat(getComputedStyle(input).paddingLeft) * 2
          return needed > inner
        })
        expect(cut, `${path}: '${text}' entero`).toBe(false)
        const box2 = await box.boundingBox()
        expect((box2?.x ?? 0) + (box2?.width ?? 0)).toBeLessThanOrEqual(size.width)
      }
    })
  })
}

for (const size of SIZES) {
  test.describe(`'Filtrar' trae sus opciones solo al abrirse, a ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size)
    })

    test("without JavaScript, a page of its own that keeps the list's search, order and size @nojs-only", async ({
      page,
      signIn,
    }) => {
      await signIn('rrhh')
      await page.goto('/colaboradores?search=a&sort=name,desc&size=50&page=2')
      // The list's document carries no option of the filters.
      await expect(page.locator('[name="areaIds"], [name="companyId"], [name="status"]')).toHaveCount(0)
      await page.getByRole('link', { name: 'Filtrar', exact: true }).click()
      await expect(page).toHaveURL(/\/filtrar\/colaboradores\?/)
      await expect(page.getByRole('heading', { name: 'Filtrar Colaboradores' })).toBeVisible()
      await pickFilterOption(page, 'Área', 'operac', 'Operaciones')
      await expectPanelFits(page)
      await page.getByRole('button', { name: 'Aplicar' }).click()

      await expect(page.getByText('Área: Operaciones')).toBeVisible()
      const params = new URL(page.url()).searchParams
      expect(new URL(page.url()).pathname).toBe('/colaboradores')
      expect(params.get('search')).toBe('a')
      expect(params.get('sort')).toBe('name,desc')
      expect(params.get('size')).toBe('50')
      expect(params.get('page')).toBeNull()
      expect(params.getAll('areaIds')).toHaveLength(1)

      // 'Filtrar (1)' opens the page with the choice in force; 'Limpiar' drops it and keeps the rest.
      await page.getByRole('link', { name: 'Filtrar (1)' }).click()
      const area = page.getByRole('group', { name: 'Área', exact: true })
      await expect(area.getByRole('checkbox', { name: 'Operaciones', exact: true })).toBeChecked()
      await page.getByRole('link', { name: 'Limpiar' }).click()
      await expect(page).toHaveURL(/\/colaboradores\?/)
      const cleared = new URL(page.url()).searchParams
      expect([...cleared.keys()].sort()).toEqual(['search', 'size', 'sort'])
      await expect(page.getByText('Área: Operaciones')).toHaveCount(0)
    })

    test('with JavaScript, the panel loads its options when it opens @js-only', async ({ page, signIn }) => {
      await signIn('rrhh')
      const loads: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/filtrar/')) loads.push(request.url())
      })
      const html = await (await page.request.get('/colaboradores')).text()
      expect(html).not.toContain('name="areaIds"')
      await page.goto('/colaboradores?search=a&sort=name,desc')
      // Once the page is the app's, 'Filtrar' is a disclosure, no longer the filter page's link.
      await expect(page.locator('details[data-filter-button]')).toHaveCount(1)
      expect(loads).toEqual([])
      await page.getByText('Filtrar', { exact: true }).click()
      await expect(page.getByRole('combobox', { name: 'Área', exact: true })).toBeVisible()
      expect(loads).toHaveLength(1)
      expect(new URL(page.url()).pathname).toBe('/colaboradores')
      await pickFilterOption(page, 'Área', 'operac', 'Operaciones')
      await checkPanel(page, 'Área', `panel-cargado-${size.width}`)
      await panelOf(page).getByRole('button', { name: 'Aplicar' }).click()

      await expect(page.getByText('Área: Operaciones')).toBeVisible()
      const params = new URL(page.url()).searchParams
      expect(params.get('search')).toBe('a')
      expect(params.get('sort')).toBe('name,desc')
      expect(params.getAll('areaIds')).toHaveLength(1)
      // Opened again, the panel shows the choice in force from the options it already has.
      await page.getByText('Filtrar (1)', { exact: true }).click()
      await expect(
        page.getByRole('list', { name: 'Área elegidos' }).getByText('Operaciones', { exact: true }),
      ).toBeVisible()
      expect(loads).toHaveLength(1)
    })
  })
}
