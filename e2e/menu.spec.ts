import { expect, signIn, test } from './fixtures'

/** Every entry of the menu, in its order: what the administrator sees. */
const MENU = [
  'Portada',
  'Áreas',
  'Empresas',
  'Cargos',
  'Bancos',
  'Padrones de SUNAT',
  'Colaboradores',
  'Contratos',
  'Lista',
  'Carga de planillas',
  'Cargar abonos',
  'Declarar un mes',
  'Proveedores',
  'Comprobantes',
  'Carga de comprobantes',
  'Generar pagos',
  'Abonos de proveedores',
  'Detracciones',
  'Registro de retenciones',
  'Comprobantes de retención',
  'Conciliación SIRE',
  'Catálogos',
  'Vacantes',
  'Postulantes',
  'Auditoría',
]
/** The menu but for the entries named, in the same order. */
const menuWithout = (...left: string[]) => MENU.filter((entry) => !left.includes(entry))
/** What the HR clerk may not open: SUNAT's registers, the payment catalogs, the audit. */
const NOT_RRHH = ['Padrones de SUNAT', 'Catálogos', 'Auditoría']

/** The menu, cut down to what each demo user's roles allow (docs/architecture.md, permissions). */
const EXPECTED = {
  admin: MENU,
  rrhh: menuWithout(...NOT_RRHH),
  auditor: ['Portada', 'Auditoría'],
  lector: menuWithout(
    ...NOT_RRHH,
    'Carga de planillas',
    'Cargar abonos',
    'Declarar un mes',
    'Carga de comprobantes',
    'Registro de retenciones',
    'Conciliación SIRE',
  ),
} as const

/** The parts of 'Control de pagos' each of them may see: figures, then charts. */
const PAYROLLS = ['Planillas por abonar']
const PAYROLL_CHARTS = [/^Avance de las planillas de /, 'Soles abonados y pendientes por semana de carga']
const CONTRACTS = ['Contratos por vencer']
const CONTRACT_CHARTS = ['Contratos que vencen por mes']
const SUPPLIERS = ['Pagos a proveedores']
/** The payrolls' boletas past their deadline: for who may see the payrolls. */
const BOLETAS = ['Boletas vencidas sin entregar'] as const
/** Who may upload sees it all, the uploads ('Cargas') too. */
const UPLOADER_PANELS = [
  ...PAYROLLS,
  ...BOLETAS,
  'Cargas',
  ...CONTRACTS,
  ...SUPPLIERS,
  ...PAYROLL_CHARTS,
  ...CONTRACT_CHARTS,
]
const PANELS = {
  admin: UPLOADER_PANELS,
  rrhh: UPLOADER_PANELS,
  auditor: [],
  lector: [...PAYROLLS, ...BOLETAS, ...CONTRACTS, ...SUPPLIERS, ...PAYROLL_CHARTS, ...CONTRACT_CHARTS],
} as const

for (const [who, entries] of Object.entries(EXPECTED) as [keyof typeof EXPECTED, readonly string[]][]) {
  test(`${who} sees exactly the menu entries their roles allow`, async ({ page }) => {
    await signIn(page, who)
    const menu = page.getByRole('complementary', { name: 'Menú principal' })
    const labels = await menu
      .locator('[data-menu]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('data-menu')))
    expect(labels).toEqual(entries)
    // Signed in, they are on 'Control de pagos'.
    const panels = page.getByRole('main').getByRole('region')
    await expect(panels.getByRole('heading', { level: 2 })).toHaveText([...PANELS[who]])
  })
}

test('a page outside the roles answers 403 with a page that says so', async ({ page }) => {
  await signIn(page, 'auditor')
  const response = await page.goto('/areas')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible()
})
