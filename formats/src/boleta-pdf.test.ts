import { PDFDocument } from '@cantoo/pdf-lib'
import { JUNE_2026_BOLETA } from '@planillas/testing/boleta-fixtures'
import { pdfPageTexts } from '@planillas/testing/payment-fixtures'
import { describe, expect, it } from 'vitest'
import { boletaPdf, drawBoleta, NO_CONCEPTS_TEXT } from './boleta-pdf'
import { readZipEntries } from './xlsx-zip'
import { zipEntries } from './zip-writer'

const linesOf = async (bytes: Uint8Array) => (await pdfPageTexts(bytes))[0].split('\n')

describe('boleta PDF', () => {
  it('shows the worked June 2026 boleta with exactly its figures', async () => {
    const lines = await linesOf(await boletaPdf(JUNE_2026_BOLETA))
    const after = (label: string, n = 1) => lines[lines.indexOf(label) + n]
    expect(after('Empleador:')).toBe('Comercial Andina S.A.C.')
    expect(after('RUC:')).toBe('20100070970')
    expect(after('Periodo:')).toBe('06/2026')
    expect(after('Trabajador:')).toBe('Quispe Mamani, Rosa Elena')
    expect(after('Documento:')).toBe('DNI 45871236')
    expect(after('Fecha de ingreso:')).toBe('01/03/2024')
    expect(after('Cargo:')).toBe('Analista contable')
    expect(after('Días laborados:')).toBe('30')
    expect(after('Horas ordinarias:')).toBe('240:00')
    expect(after('Horas extras:')).toBe('2:30')
    // code, description, amount, in the order of the sections
    const concept = (code: string) => lines.slice(lines.indexOf(code), lines.indexOf(code) + 3)
    expect(concept('0121')).toEqual(['0121', 'Remuneración o jornal básico', 'S/ 2,500.00'])
    expect(concept('0201')).toEqual(['0201', 'Asignación familiar', 'S/ 113.00'])
    expect(concept('0608')).toEqual(['0608', 'SPP - Aportaciones obligatorias', 'S/ 261.30'])
    expect(concept('0601')).toEqual(['0601', 'Comisión AFP porcentual', 'S/ 40.50'])
    expect(concept('0606')).toEqual(['0606', 'Prima de seguro AFP', 'S/ 44.42'])
    expect(concept('0804')).toEqual(['0804', 'ESSALUD - Seguro regular trabajador', 'S/ 235.17'])
    expect(after('Total ingresos')).toBe('S/ 2,613.00')
    expect(after('Total descuentos')).toBe('S/ 346.22')
    expect(after('Total aportes del empleador')).toBe('S/ 235.17')
    expect(after('Neto a pagar')).toBe('S/ 2,266.78')
    expect(after('Monto abonado')).toBe('S/ 2,266.78')
    const sections = ['Ingresos', 'Descuentos y aportes del trabajador', 'Aportes del empleador']
    expect(sections.map((s) => lines.indexOf(s))).toEqual(
      [...sections.map((s) => lines.indexOf(s))].sort((a, b) => a - b),
    )
    expect(lines.indexOf('Ingresos')).toBeLessThan(lines.indexOf('0121'))
    expect(lines.indexOf('0804')).toBeGreaterThan(lines.indexOf('Aportes del empleador'))
  })

  it('renders a line without concepts with the amount paid and says the payroll carries none', async () => {
    const lines = await linesOf(
      await boletaPdf({ ...JUNE_2026_BOLETA, concepts: [], amountCents: 150_050, daysWorked: null }),
    )
    expect(lines).toContain(NO_CONCEPTS_TEXT)
    expect(lines[lines.indexOf('Monto abonado') + 1]).toBe('S/ 1,500.50')
    expect(lines[lines.indexOf('Días laborados:') + 1]).toBe('---')
    expect(lines).not.toContain('Neto a pagar')
  })

  it('replaces what the standard font cannot encode instead of failing', async () => {
    const lines = await linesOf(
      await boletaPdf({
        ...JUNE_2026_BOLETA,
        worker: { ...JUNE_2026_BOLETA.worker, fullName: 'Nguyễn Văn An' },
      }),
    )
    expect(lines[lines.indexOf('Trabajador:') + 1]).toBe('Nguy?n V?n An')
  })

  it('draws several boletas as pages of one document', async () => {
    const doc = await PDFDocument.create()
    await drawBoleta(doc, JUNE_2026_BOLETA)
    await drawBoleta(doc, { ...JUNE_2026_BOLETA, worker: { ...JUNE_2026_BOLETA.worker, fullName: 'Otra' } })
    expect(doc.getPageCount()).toBe(2)
  })
})

describe('ZIP of boletas', () => {
  it('stores each PDF under its name, byte for byte', async () => {
    const pdf = await boletaPdf(JUNE_2026_BOLETA)
    const chunks: Buffer[] = []
    for await (const chunk of zipEntries([
      { name: 'boleta-202606-45871236.pdf', data: pdf },
      { name: 'boleta-202606-10000001.pdf', data: new Uint8Array([1, 2, 3]) },
    ]))
      chunks.push(chunk)
    const zip = Buffer.concat(chunks)
    const entries = readZipEntries(zip)
    expect([...entries.keys()]).toEqual(['boleta-202606-45871236.pdf', 'boleta-202606-10000001.pdf'])
    const first = entries.get('boleta-202606-45871236.pdf')
    if (!first) throw new Error('missing')
    expect(
      Buffer.compare(
        zip.subarray(first.dataOffset, first.dataOffset + first.compressedSize),
        Buffer.from(pdf),
      ),
    ).toBe(0)
  })

  it('keeps no entry alive by a shared slab: each entry owns its bytes', async () => {
    // Node hands out a Buffer under 4 KiB (a boleta is ~3.7 KB) as a slice of a shared 8 KiB slab:
    // an entry yielded as such a slice, or a name kept from one until the end, held its whole slab.
    const small = (i: number) => ({
      name: `boleta-202606-${10_000_000 + i}.pdf`,
      data: new Uint8Array(3_700),
    })
    const chunks: Buffer[] = []
    for await (const chunk of zipEntries(Array.from({ length: 5 }, (_, i) => small(i)))) chunks.push(chunk)
    const entries = chunks.slice(0, 5)
    for (const entry of entries) {
      expect(entry.byteOffset).toBe(0)
      expect(entry.buffer.byteLength).toBe(entry.length)
    }
    expect(readZipEntries(Buffer.concat(chunks)).size).toBe(5)
  })
})
