import AxeBuilder from '@axe-core/playwright'
import { test as base, type Cookie, expect, type Locator, type Page } from '@playwright/test'

/** The development provider's demo users (scripts/dev-idp, db/src/seed.ts). */
export const DEMO = {
  admin: { email: 'admin@planillas.pe', password: 'admin', name: 'Ana Administradora' },
  rrhh: { email: 'rrhh@planillas.pe', password: 'rrhh', name: 'Rosa Recursos Humanos' },
  auditor: { email: 'auditor@planillas.pe', password: 'auditor', name: 'Aurelio Auditor' },
  lector: { email: 'lector@planillas.pe', password: 'lector', name: 'Luis Lector' },
  tesoreria: { email: 'tesoreria@planillas.pe', password: 'tesoreria', name: 'Teresa Tesorera' },
} as const
export type DemoUser = keyof typeof DEMO

/** Fills the provider's login form; the page must be on it. */
export async function fillProviderLogin(page: Page, who: DemoUser) {
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible()
  await page.getByLabel('Correo electrónico').fill(DEMO[who].email)
  await page.getByLabel('Contraseña').fill(DEMO[who].password)
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click()
}

/**
 * Signs a demo user in through the real pages: the landing page's button, the provider's login
 * form, the callback, and the dashboard. Works with JavaScript on and off. The sign-in tests use
 * it; every other test signs in with `signIn`.
 */
export async function signInThroughProvider(page: Page, who: DemoUser) {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await fillProviderLogin(page, who)
  await expectDashboard(page)
}

const expectDashboard = async (page: Page) => {
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByRole('heading', { name: 'Control de pagos' })).toBeVisible()
}

/**
 * A session is reused this long after its sign-in: well inside the API's access token (900 s) less
 * the web's refresh margin (60 s) and a test's time limit, so a reused cookie is never refreshed. A
 * refresh token presented twice would revoke every session of its user (auth/queries.ts).
 */
const REUSE_MS = 10 * 60_000
/** The cookies of each demo user's last sign-in through the provider, in this worker. */
const sessions = new Map<DemoUser, { cookies: Cookie[]; at: number }>()

/**
 * Signs a demo user in: through the provider the first time in a worker (`signInThroughProvider`),
 * then with the cookies that sign-in left, for REUSE_MS, as a browser that kept them would. A
 * session signed out or revoked since sends the dashboard to /login: then through the provider
 * again. The saved cookies are those of a session just opened (no upload watched yet).
 */
export async function signIn(page: Page, who: DemoUser) {
  const saved = sessions.get(who)
  if (saved && Date.now() - saved.at < REUSE_MS) {
    await page.context().addCookies(saved.cookies)
    await page.goto('/')
    if (new URL(page.url()).pathname === '/') return expectDashboard(page)
    await page.context().clearCookies()
  }
  sessions.delete(who)
  const at = Date.now()
  await signInThroughProvider(page, who)
  sessions.set(who, { cookies: await page.context().cookies(), at })
}

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  // axe runs inside the page, which needs JavaScript; the markup is the same server-rendered HTML in
  // both projects, so the scan of the 'js' project covers the 'nojs' one.
  if (base.info().project.use.javaScriptEnabled === false) return
  let builder = new AxeBuilder({ page })
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
  expect(serious, `accesibilidad de ${page.url()}`).toEqual([])
}

/**
 * Document numbers of demo employees, read from the Colaboradores list as a clerk would (each shows
 * under the name, 'DNI 12345678').
 */
export async function demoDocuments(page: Page, count: number): Promise<string[]> {
  await page.goto('/colaboradores?size=20')
  const cells = await page.getByRole('table').getByRole('cell').allTextContents()
  const found = cells.flatMap((c) => /DNI (\d{8})/.exec(c)?.slice(1) ?? [])
  const documents = [...new Set(found)].slice(0, count)
  expect(documents).toHaveLength(count)
  return documents
}

/**
 * Confirms a row's status change: its dialog with JavaScript, the confirmation page without; then
 * the toast.
 */
export async function confirmStatusChange(page: Page, javaScript: boolean) {
  if (javaScript) {
    const dialog = page.getByRole('dialog', { name: 'Cambiar estado' })
    await expect(dialog.getByText('¿Está seguro que desea cambiar el estado?')).toBeVisible()
    await dialog.getByRole('button', { name: 'Aceptar' }).click()
  } else {
    await expect(page.getByRole('heading', { name: 'Cambiar estado' })).toBeVisible()
    await page.getByRole('button', { name: 'Aceptar' }).click()
  }
  await expect(page.getByTestId('toast')).toHaveText('Estado actualizado correctamente')
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
export async function expectNoHorizontalOverflow(page: Page) {
  const [scrollWidth, clientWidth] = await page
    .locator('html')
    .evaluate((html) => [html.scrollWidth, html.clientWidth])
  expect(scrollWidth, `desborde horizontal en ${page.url()}`).toBeLessThanOrEqual(clientWidth)
}

/**
 * The row of the list table named `caption` that holds `text`: one markup at every width
 * (remix/app/components/list/data-table.tsx), a row of the table on a desktop, a card on a phone.
 */
export const listRow = (page: Page, caption: string, text: string | RegExp) =>
  page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: text })

/** A list row's 'Detalle' (shown on a phone only): the disclosure of its card. */
export const cardToggle = (row: Locator) => row.locator('summary[aria-labelledby]')

/**
 * On a phone, opens a list row's card to its other columns and its actions: its 'Detalle', a
 * disclosure named 'Detalle de' and the row's title. Nothing when it is open already (a revalidation
 * keeps it as it was) or on a desktop, where the row shows everything.
 */
export async function openCard(row: Locator) {
  // The row first: right after a navigation the list may not be drawn yet, and an absent toggle
  // would read as a desktop's.
  await expect(row).toBeVisible()
  const toggle = cardToggle(row)
  if (!(await toggle.isVisible())) return
  await expect(toggle).toHaveAccessibleName(/^Detalle de \S/)
  const details = toggle.locator('xpath=..')
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await toggle.click()
  await expect(details).toHaveAttribute('open', '')
}

/** In an open phone card, the cell of the column `label`: shown under its column's name, which names it. */
export const cardField = (row: Locator, label: string) =>
  row.getByRole('cell', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) })

/** Follows a row's action, opening the row's 'Más' menu first when the action is in it. */
export async function clickRowAction(row: Locator, name: string) {
  const action = row.getByRole('link', { name, exact: true })
  await expect(row).toBeVisible()
  if (!(await action.isVisible())) await row.locator('summary', { hasText: 'Más' }).click()
  await action.click()
}

/** Opens a list searched for `term` and follows `action` on the row that names it. */
export async function openFromList(page: Page, path: string, term: string, action: string) {
  await page.goto(`${path}?search=${encodeURIComponent(term)}`)
  await page
    .getByRole('row', { name: new RegExp(term) })
    .getByRole('link', { name: action })
    .click()
}

/**
 * Chooses a value of a search picker (the form kit's `SearchPickerField`) by typing `term`: the
 * combobox's option with JavaScript; without it, the field's own 'Buscar' step and then its select.
 */
export async function pickBySearch(page: Page, label: string, term: string, option: RegExp) {
  const javaScript = base.info().project.use.javaScriptEnabled !== false
  const field = page.getByLabel(new RegExp(`^${label}`))
  if (javaScript) {
    // The combobox replaces the no-JavaScript search step once the page is hydrated.
    await expect(page.getByLabel(`Buscar ${label.toLowerCase()}`)).toHaveCount(0)
    await field.fill(term)
    await page.getByRole('option', { name: option }).click()
    return
  }
  const search = page.getByLabel(`Buscar ${label.toLowerCase()}`)
  await search.fill(term)
  await search.locator('xpath=following-sibling::button').click()
  const found = field.locator('option', { hasText: option })
  await field.selectOption((await found.getAttribute('value')) ?? '')
}

/**
 * Chooses `option` in the 'Filtrar' picker labelled `label` (the list kit's `FilterPicker`): with
 * JavaScript from the keyboard, typing `term` in its combobox, arrowing down to the option, Enter
 * and Escape; without, ticking its checkbox.
 */
export async function pickFilterOption(page: Page, label: string, term: string, option: string) {
  if (base.info().project.use.javaScriptEnabled !== false) {
    const box = page.getByRole('combobox', { name: label, exact: true })
    await box.fill(term)
    const wanted = page.getByRole('option', { name: option, exact: true })
    await expect(wanted).toBeVisible()
    const wantedId = await wanted.getAttribute('id')
    for (let step = 0; step < 50; step++) {
      if ((await box.getAttribute('aria-activedescendant')) === wantedId) break
      await box.press('ArrowDown')
    }
    await expect(box).toHaveAttribute('aria-activedescendant', wantedId ?? '')
    await box.press('Enter')
    await expect(
      page.getByRole('list', { name: `${label} elegidos` }).getByText(option, { exact: true }),
    ).toBeVisible()
    // The options stay open for more choices; Escape puts them away (they cover 'Aplicar').
    await box.press('Escape')
    await expect(page.getByRole('listbox')).toHaveCount(0)
    return
  }
  const group = page.getByRole('group', { name: label, exact: true })
  await group.getByRole('checkbox', { name: option, exact: true }).check()
}

/** `test` with `signIn` at hand; specs import `test` and `expect` from here. */
export const test = base.extend<{ signIn: (who: DemoUser) => Promise<void> }>({
  signIn: async ({ page }, use) => {
    await use((who) => signIn(page, who))
  },
})
export { expect }
