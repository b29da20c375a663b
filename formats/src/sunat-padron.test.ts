import {
  PADRON_MESSAGES as M,
  PADRON_LAYOUTS,
  PADRON_LIMITS,
  PADRON_REDUCIDO_LAYOUT,
} from '@planillas/domain'
import { bombPart, buildZip, deflatedPart, type ZipPart } from '@planillas/testing/zip-fixtures'
import { describe, expect, it } from 'vitest'
import { PadronFileError, readPadron } from './sunat-padron'

const HEADER =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|'
const ROWS = [
  '20100070970|SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA|ACTIVO|HABIDO|150131|CAL.|MORELLI|-|-|181|-|-|-|-|-|',
  '10412345678|PEÑA CÁCERES JOSÉ|BAJA DE OFICIO|NO HABIDO|-|-|-|-|-|-|-|-|-|-|-|',
]

/** Feeds bytes in small slices, as a stream from storage would, so boundaries fall anywhere. */
async function* sliced(bytes: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
}

async function readAll(
  bytes: Buffer,
  layout = PADRON_REDUCIDO_LAYOUT as never,
  size?: number,
  limits?: never,
) {
  const rows: { line: number; values: Record<string, string> }[] = []
  const badLines: { line: number; message: string; text: string }[] = []
  for await (const chunk of readPadron<string>(sliced(bytes, size), layout, limits)) {
    rows.push(...chunk.rows)
    badLines.push(...chunk.badLines)
  }
  return { rows, badLines }
}

const latin1 = (text: string) => Buffer.from(text, 'latin1')

describe('readPadron', () => {
  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
  ])('reads the padrón reducido in ISO-8859-1 with %s line ends and a trailing |', async (_, end) => {
    for (const size of [1, 2, 7, 4096]) {
      const { rows, badLines } = await readAll(latin1([HEADER, ...ROWS, ''].join(end)), undefined, size)
      expect(badLines).toEqual([])
      expect(rows).toEqual([
        {
          line: 2,
          values: {
            ruc: '20100070970',
            name: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
            state: 'ACTIVO',
            condition: 'HABIDO',
            ubigeo: '150131',
          },
        },
        {
          line: 3,
          values: {
            ruc: '10412345678',
            name: 'PEÑA CÁCERES JOSÉ',
            state: 'BAJA DE OFICIO',
            condition: 'NO HABIDO',
            ubigeo: '-',
          },
        },
      ])
    }
  })

  it('reads the TXT inside SUNAT’s ZIP, deflated or stored, with the sizes in a data descriptor', async () => {
    const text = latin1([HEADER, ...ROWS].join('\r\n'))
    const deflated = buildZip([deflatedPart('padron_reducido_ruc.txt', text)])
    const stored = buildZip([
      { name: 'padron_reducido_ruc.txt', compressed: text, crc32: 0, size: text.length, stored: true },
    ])
    const streamed = Buffer.from(deflated)
    // Bit 3: sizes unknown in the local header (a ZIP written as a stream); the deflate data ends it.
    streamed.writeUInt16LE(0x0808, 6)
    streamed.writeUInt32LE(0, 18)
    streamed.writeUInt32LE(0, 22)
    const folderFirst = buildZip([
      { name: 'padron/', compressed: Buffer.alloc(0), crc32: 0, size: 0, stored: true },
      deflatedPart('padron/padron_reducido_ruc.txt', text),
    ])
    for (const zip of [deflated, stored, streamed, folderFirst]) {
      const { rows } = await readAll(zip, undefined, 5)
      expect(rows.map((r) => [r.line, r.values.ruc, r.values.name])).toEqual([
        [2, '20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA'],
        [3, '10412345678', 'PEÑA CÁCERES JOSÉ'],
      ])
    }
  })

  it('finds columns by name whatever their order, accents, case and spacing; UTF-8 re-saves too', async () => {
    const header = 'ubigeo | Condicion  de Domicilio|ruc|Estado del Contribuyente|NOMBRE O RAZON SOCIAL'
    const text = `${header}\n-|NO HALLADO|20100070970|ACTIVO|ÑUÑOA S.A.C.\n`
    for (const bytes of [latin1(text), Buffer.from(text, 'utf8')]) {
      const { rows } = await readAll(bytes)
      expect(rows[0]?.values).toEqual({
        ruc: '20100070970',
        name: 'ÑUÑOA S.A.C.',
        state: 'ACTIVO',
        condition: 'NO HALLADO',
        ubigeo: '-',
      })
    }
  })

  it('refuses a header without a column the layout needs, naming it, instead of guessing positions', async () => {
    const text = latin1('RUC|RAZON SOCIAL|FECHA DE ALTA\n20100070970|X|01/02/2026\n')
    await expect(readAll(text)).rejects.toThrow(
      new PadronFileError(
        M.missingColumns(
          ['ESTADO DEL CONTRIBUYENTE', 'CONDICION DE DOMICILIO'],
          'RUC|RAZON SOCIAL|FECHA DE ALTA',
        ),
      ),
    )
    const list = latin1('RUC|RAZON SOCIAL|RESOLUCION\n20100070970|X|R.S. 1\n')
    await expect(readAll(list, PADRON_LAYOUTS.AGENTES_RETENCION as never)).rejects.toThrow(/A PARTIR DEL/)
  })

  it('reads an agentes de retención list by its names', async () => {
    const text = latin1(
      'Ruc|Razón Social|A partir del|Resolución|\r\n20100070970|SUPERMERCADOS|01/02/2026|R.S. 000367-2025/SUNAT|\r\n',
    )
    const { rows } = await readAll(text, PADRON_LAYOUTS.AGENTES_RETENCION as never)
    expect(rows[0]?.values).toEqual({
      ruc: '20100070970',
      name: 'SUPERMERCADOS',
      from: '01/02/2026',
      resolution: 'R.S. 000367-2025/SUNAT',
    })
  })

  it('reports bad lines with their number and text and goes on; stops past the bound', async () => {
    const text = latin1(
      [HEADER, 'basura', ROWS[0], `${'x'.repeat(PADRON_LIMITS.maxLineBytes + 10)}`, ROWS[1], ''].join('\n'),
    )
    const { rows, badLines } = await readAll(text, undefined, 1000)
    expect(rows.map((r) => r.line)).toEqual([3, 5])
    expect(badLines).toEqual([
      { line: 2, message: M.fieldCount(15, 1), text: 'basura' },
      { line: 4, message: M.lineTooLong(PADRON_LIMITS.maxLineBytes), text: 'x'.repeat(200) },
    ])
    const limits = { ...PADRON_LIMITS, maxBadLines: 3 }
    const many = latin1([HEADER, 'a', 'b', 'c', 'd', ROWS[0]].join('\n'))
    await expect(readAll(many, undefined, undefined, limits as never)).rejects.toThrow(
      new PadronFileError(M.tooManyBadLines(3)),
    )
  })

  it('refuses an empty file, a damaged or encrypted ZIP and a ZIP without a TXT', async () => {
    await expect(readAll(Buffer.alloc(0))).rejects.toThrow(new PadronFileError(M.empty))
    const zip = buildZip([deflatedPart('a.txt', latin1([HEADER, ...ROWS].join('\n')))])
    const encrypted = Buffer.from(zip)
    encrypted.writeUInt16LE(0x0801, 6)
    await expect(readAll(encrypted)).rejects.toThrow(new PadronFileError(M.encrypted))
    await expect(readAll(buildZip([deflatedPart('a.pdf', 'x')]))).rejects.toThrow(
      new PadronFileError(M.noTxt),
    )
    const damaged = Buffer.from(zip)
    damaged.fill(0xff, 40, 60)
    await expect(readAll(damaged)).rejects.toThrow(new PadronFileError(M.damaged))
    const truncated = zip.subarray(0, 50)
    await expect(readAll(truncated)).rejects.toThrow(new PadronFileError(M.damaged))
    await expect(readAll(Buffer.from('PK\x05\x06'))).rejects.toThrow(new PadronFileError(M.notZip))
  })

  it('stops a zip bomb early, whatever its headers say', async () => {
    const bomb: ZipPart = await bombPart('padron.txt', `${HEADER}\n`, 50 * 1024 * 1024, '\n')
    await expect(readAll(buildZip([bomb]), undefined, 64 * 1024)).rejects.toThrow(new PadronFileError(M.bomb))
    const text = latin1([HEADER, ...ROWS].join('\n'))
    const liar: ZipPart = { ...deflatedPart('padron.txt', text), declaredSize: 10 }
    await expect(readAll(buildZip([liar]))).rejects.toThrow(new PadronFileError(M.bomb))
    const limits = { ...PADRON_LIMITS, maxTextBytes: 100 }
    await expect(
      readAll(buildZip([deflatedPart('p.txt', text)]), undefined, undefined, limits as never),
    ).rejects.toThrow(new PadronFileError(M.tooLarge(100 / 1024 ** 3)))
  })
})
