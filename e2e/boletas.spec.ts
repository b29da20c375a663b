import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { pdfPageTexts } from '@planillas/testing/payment-fixtures'
import type { Download, Page } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { expect, expectAccessible, listRow, openCard, signIn, test } from './fixtures'

/**
 * Boletas de pago (docs/decisions/boletas.md), with and without JavaScript: download one and read
 * it, send a payroll's boletas to the tests' SMTP server (scripts/e2e-server.ts starts it and seeds
 * one payroll per project, PL-BOLETAS-JS and PL-BOLETAS-NOJS) and confirm one from its e-mail.
 */

const base = Number(process.env.E2E_PORT_BASE ?? 4000)
const smtpDir = path.resolve('.data', `e2e-smtp-${base}`)
const payrollCode = () => (test.info().project.name === 'nojs' ? 'PL-BOLETAS-NOJS' : 'PL-BOLETAS-JS')
/** The first worker of the project's payroll (the one with the worked June concepts). */
const firstWorker = () => (test.info().project.name === 'nojs' ? 900_100 : 900_000)

async function openPayroll(page: Page) {
  await page.goto(`/planillas?search=${payrollCode()}`)
  await page
    .getByRole('row', { name: new RegExp(payrollCode()) })
    .getByRole('link', { name: 'Ver detalle' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Planilla ${payrollCode()}` })).toBeVisible()
}

const bytesOf = async (download: Download) => readFile((await download.path()) as string)

/** The messages the SMTP server stored for `to`, parsed. */
async function messagesTo(to: string) {
  const names = (await readdir(smtpDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))
  const parsed = await Promise.all(
    names.map(async (n) => simpleParser(await readFile(path.join(smtpDir, n)))),
  )
  return parsed.filter((m) => !Array.isArray(m.to) && m.to?.text === to)
}

test.describe('boletas de pago', () => {
  test('a line’s boleta downloads as a PDF with its figures', async ({ page }) => {
    await signIn(page, 'lector')
    await openPayroll(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Boleta de la fila 2' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`boleta-202606-${10_000_000 + firstWorker()}.pdf`)
    const [text] = await pdfPageTexts(await bytesOf(download))
    expect(text).toContain('Comercial Andina S.A.C.')
    expect(text).toContain('0121\nRemuneración o jornal básico\nS/ 2,500.00')
    expect(text).toContain('Total descuentos\nS/ 346.22')
    expect(text).toContain('Neto a pagar\nS/ 2,266.78')
    expect(text).toContain('0804\nESSALUD - Seguro regular trabajador\nS/ 235.17')
    await expectAccessible(page)
  })

  test('the boletas go to the SMTP server and one is confirmed from its e-mail, once', async ({ page }) => {
    await signIn(page, 'rrhh')
    await openPayroll(page)
    const card = page.getByRole('region', { name: 'Boletas de pago' })
    await expect(card).toContainText('Vencidas sin entregar')
    await page.getByRole('button', { name: 'Enviar boletas por correo' }).click()
    await expect(page.getByText('Envío por correo: TERMINADO')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText('3 boletas enviadas.')).toBeVisible()

    const to = `trabajador${firstWorker()}@example.pe`
    const [mail] = await messagesTo(to)
    expect(mail.subject).toBe('Boleta de pago - 06/2026 - Comercial Andina S.A.C.')
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `boleta-202606-${10_000_000 + firstWorker()}.pdf`,
    ])
    const [attached] = await pdfPageTexts(mail.attachments[0].content)
    expect(attached).toContain('Neto a pagar\nS/ 2,266.78')
    const link = /http:\/\/localhost:\d+\/boletas\/acuse\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()

    // The worker is not signed in.
    await page.context().clearCookies()
    await page.goto(link as string)
    await expect(page.getByText(`de APELLIDO ${firstWorker()}, NOMBRE ${firstWorker()}`)).toBeVisible()
    await page.getByRole('button', { name: 'Confirmar recepción' }).click()
    await expect(page.getByRole('status')).toContainText(
      'Gracias: su confirmación de recepción quedó registrada',
    )
    await page.goto(link as string)
    await expect(page.getByRole('status')).toContainText('La recepción de esta boleta ya fue confirmada el')
    await expect(page.getByRole('button', { name: 'Confirmar recepción' })).toHaveCount(0)

    await signIn(page, 'rrhh')
    await openPayroll(page)
    await expect(page.getByRole('row', { name: new RegExp(`APELLIDO ${firstWorker()},`) })).toContainText(
      'RECIBIDA',
    )
  })

  test('a wrong link is a Spanish 404 page', async ({ page }) => {
    const response = await page.goto(`/boletas/acuse/${'x'.repeat(43)}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByText('El enlace de confirmación no es válido o ya no existe.')).toBeVisible()
  })

  test('the payroll’s boletas fit a 390 px phone', async ({ page }) => {
    await signIn(page, 'rrhh')
    await openPayroll(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    // On a phone each line is a card: its details (the boleta among them) open from its 'Detalle'.
    await openCard(
      listRow(page, 'Líneas de la planilla', `APELLIDO ${firstWorker()}, NOMBRE ${firstWorker()}`),
    )
    await expect(page.getByRole('link', { name: 'Boleta de la fila 2' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Boletas de pago' })).toBeVisible()
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ])
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
  })
})
