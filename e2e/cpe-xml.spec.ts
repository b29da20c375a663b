import {
  addDays,
  DECLARED_MESSAGES,
  formatDate,
  MESSAGES,
  rucCheckDigit,
  todayInLima,
} from '@planillas/domain'
import { cpeDetractionVariant, cpeVariant } from '@planillas/testing/cpe-fixtures'
import { receiptPdf } from '@planillas/testing/payment-fixtures'
import { buildZip, deflatedPart } from '@planillas/testing/zip-fixtures'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'

/**
 * The supplier's electronic voucher (docs/decisions/cpe-xml.md): 'Leer XML' fills 'Registrar
 * comprobante' from the XML, and 'Cargar XML (ZIP)' registers a ZIP of them in the background.
 * The XMLs are greenter's public factura with the demo parties (db/src/seed.ts, seed-payments.ts).
 */
const ruc = (stem: string) => `${stem}${rucCheckDigit(stem)}`
const SUPPLIER = ruc('2055501234')
const COMPANY = { ruc: ruc('2060123456'), name: 'Agroindustrial del Norte S.A.C.' }
const today = todayInLima()
const due = addDays(today, 30)

/** A number no other run of this spec (nor its other project) has used. */
let counter = 0
const uniqueNumber = () => ((Date.now() % 9_000_000) * 10 + (counter++ % 10)) % 99_999_999 || 1

const xmlFile = (number: number, over: Partial<Parameters<typeof cpeVariant>[0]> = {}) => ({
  name: `${SUPPLIER}-01-F001-${number}.xml`,
  mimeType: 'application/xml',
  buffer: cpeVariant({
    supplierRuc: SUPPLIER,
    companyRuc: COMPANY.ruc,
    number,
    issueDate: today,
    dueDate: due,
    ...over,
  }),
})

/** greenter's factura with its detracción block: declared 037 at 10 % (S/ 118.00), the table says 12 %. */
const detractionXmlFile = (number: number) => ({
  name: `${SUPPLIER}-01-F001-${number}.xml`,
  mimeType: 'application/xml',
  buffer: cpeDetractionVariant({
    supplierRuc: SUPPLIER,
    companyRuc: COMPANY.ruc,
    number,
    issueDate: today,
    dueDate: due,
    percent: '10.00',
    amountCents: 11_800,
    // On credit: the total less the declared detracción, S/ 1,062.00.
    instalmentCents: [52_360, 53_840],
  }),
})

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe('CPE XML', () => {
  test.describe.configure({ timeout: 120_000 })

  test("'Leer XML' fills the form, refuses another receiver, then the voucher is saved with its XML", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? 'js' : 'html'
    await signIn('rrhh')
    await page.goto('/pagos/registrar')

    // Another company's XML: refused, naming the element, and the form keeps what was typed.
    await page.getByLabel('Descripción').fill('Insumos de prueba')
    await page
      .getByLabel('XML del comprobante')
      .setInputFiles(xmlFile(uniqueNumber(), { companyRuc: ruc('2099999998') }))
    await page.getByRole('button', { name: 'Leer XML' }).click()
    await expect(
      page
        .getByText(
          /El receptor del XML \(cac:AccountingCustomerParty, R\.U\.C\. 2099999998\d\) no es una empresa pagadora registrada/,
        )
        .first(),
    ).toBeVisible()
    await expect(page.getByLabel('Descripción')).toHaveValue('Insumos de prueba')

    const number = uniqueNumber()
    await page.getByLabel('XML del comprobante').setInputFiles(xmlFile(number))
    await page.getByRole('button', { name: 'Leer XML' }).click()
    const summary = page.getByRole('definition').filter({ hasText: SUPPLIER })
    await expect(summary).toBeVisible()
    await expect(page.getByLabel('Serie')).toHaveValue('F001')
    await expect(page.getByLabel('Número')).toHaveValue(String(number))
    await expect(page.getByLabel('Fecha de emisión')).toHaveValue(formatDate(today))
    await expect(page.getByLabel('Fecha de vencimiento')).toHaveValue(formatDate(due))
    await expect(page.getByLabel('Base imponible')).toHaveValue('1000.00')
    await expect(page.getByLabel('IGV')).toHaveValue('180.00')
    await expect(page.getByLabel('Total')).toHaveValue('1180.00')
    await expect(page.getByLabel('Empresa')).toHaveValue(/\d+/)
    await expect(page.getByLabel('Descripción')).toHaveValue('Insumos de prueba')
    await expect(page.getByText('Cuota 002: S/ 590.00')).toBeVisible()
    // The XML is read, not kept: its field says to choose it again, once; without JavaScript the PDF's too.
    await expect(page.getByText(/vuelva a elegir el archivo/i)).toHaveCount(mode === 'html' ? 2 : 1)
    await page.screenshot({ path: `/tmp/cpe-xml-${mode}-1280.png`, fullPage: true })
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoSideScroll(page)
    await page.screenshot({ path: `/tmp/cpe-xml-${mode}-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
    await page.getByLabel('PDF del comprobante').setInputFiles({
      name: `F001-${number}.pdf`,
      mimeType: 'application/pdf',
      buffer: await receiptPdf(`F001-${number}`),
    })
    await page.getByLabel('XML del comprobante').setInputFiles(xmlFile(number))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await expect(page.getByTestId('toast')).toHaveText(MESSAGES.saved)
    await expect(page.getByRole('link', { name: `${SUPPLIER}-01-F001-${number}.xml` })).toBeVisible()
    await expect(page.getByText(`F001-${String(number).padStart(8, '0')}`).first()).toBeVisible()
  })

  test('a ZIP of XMLs (one with its PDF) registers every voucher in the background', async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? 'js' : 'html'
    const first = uniqueNumber()
    const second = first + 1
    const zip = buildZip([
      deflatedPart(`F001-${first}.xml`, xmlFile(first).buffer),
      deflatedPart(`F001-${first}.pdf`, await receiptPdf(`F001-${first}`)),
      deflatedPart(`F001-${second}.xml`, xmlFile(second).buffer),
    ])
    await signIn('rrhh')
    await page.goto('/pagos/carga')
    await page.getByRole('link', { name: 'Cargar XML (ZIP)' }).click()
    await expect(page.getByRole('heading', { name: 'Cargar XML de comprobantes' })).toBeVisible()
    await page.getByLabel('Empresa').selectOption({ label: COMPANY.name })
    await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
    await page
      .getByLabel('Archivo (.zip)')
      .setInputFiles({ name: `xml-${mode}.zip`, mimeType: 'application/zip', buffer: zip })
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoSideScroll(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: 'Procesar' }).click()
    // One notice, the list's, which the upload's end replaces; no toast saying it again.
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await expect(page.getByTestId('upload-outcome')).toHaveText(
      'Terminó el procesamiento del archivo: PROCESADO (2 comprobantes registrados).',
      { timeout: 60_000 },
    )
    await page.screenshot({ path: `/tmp/cpe-zip-${mode}-1280.png`, fullPage: true })
    await page.goto(`/pagos?search=${encodeURIComponent(`F001-${String(first).padStart(8, '0')}`)}`)
    await page.getByRole('link', { name: 'Ver detalle' }).first().click()
    await expect(page.getByRole('link', { name: `F001-${first}.pdf` })).toBeVisible()
    await expect(page.getByRole('link', { name: `F001-${first}.xml` })).toBeVisible()
  })

  test("the XML's detracción and cuotas are shown and stored; the approval proposes its code and warns where the SPOT table differs", async ({
    page,
    signIn,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? 'js' : 'html'
    const number = uniqueNumber()
    await signIn('rrhh')
    await page.goto('/pagos/registrar')
    await page.getByLabel('Descripción').fill('Mantenimiento con detracción')
    await page.getByLabel('XML del comprobante').setInputFiles(detractionXmlFile(number))
    await page.getByRole('button', { name: 'Leer XML' }).click()
    await expect(page.getByText('Código 037, 10 %, S/ 118.00')).toBeVisible()
    await expect(page.getByText('00-000-123456')).toBeVisible()
    await expect(page.getByText('Crédito por S/ 1,062.00')).toBeVisible()
    await expect(page.getByText(`Cuota 002: S/ 538.40 al ${formatDate(due)}`)).toBeVisible()
    await expect(page.getByLabel('Fecha de vencimiento')).toHaveValue(formatDate(due))

    await page.getByLabel('Línea de gasto').selectOption({ index: 1 })
    await page.getByLabel('PDF del comprobante').setInputFiles({
      name: `F001-${number}.pdf`,
      mimeType: 'application/pdf',
      buffer: await receiptPdf(`F001-${number}`),
    })
    await page.getByLabel('XML del comprobante').setInputFiles(detractionXmlFile(number))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const id = Number(/\/pagos\/(\d+)\//.exec(page.url())?.[1])
    const declared = page.getByRole('region', { name: 'Lo que declara el XML' })
    await expect(declared).toContainText('Código 037, 10 %, S/ 118.00')
    await expect(declared).toContainText(`Cuota 001: S/ 523.60 al ${formatDate(due)}`)

    await page.goto(`/pagos/${id}/autorizar`)
    await page.getByLabel('Tipo de proyecto').selectOption({ index: 1 })
    await page.getByLabel('Periodo').fill('202611-001')
    await page.getByRole('button', { name: 'Autorizar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    await page.context().clearCookies()
    await signIn('tesoreria')
    await page.goto(`/pagos/${id}/aprobar`)
    // Nothing chosen yet: the XML's code is proposed, at the table's 12 %, and the differences said.
    await expect(page.getByLabel('Código de detracción')).toHaveValue('037')
    await expect(page.getByLabel('Porcentaje de detracción')).toHaveValue('12')
    const box = page.getByRole('region', { name: 'Detracción del XML' })
    await expect(box).toContainText(DECLARED_MESSAGES.percent(1000, 1200, '037', today))
    await expect(box).toContainText(DECLARED_MESSAGES.amount(11_800, 14_200))
    await expect(box).toContainText('Código 037, 12 %, S/ 142.00')
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await expectNoSideScroll(page)
    await page.screenshot({ path: `/tmp/cpe-approve-${mode}-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: `/tmp/cpe-approve-${mode}-1280.png`, fullPage: true })
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await page.waitForURL(/\/pagos\/\d+\/detalle/)
    const approval = page.getByRole('region', { name: 'Aprobación' })
    await expect(approval).toContainText('037')
  })
})
