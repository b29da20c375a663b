import { crc32, createDeflateRaw } from 'node:zlib'
import { rucCheckDigit } from '@planillas/domain'

/**
 * A padrón reducido in SUNAT's layout for the bench (research notes: ~84 % of the RUCs are RUC 10,
 * natural persons, with the address '-'), zipped as a stream: one deflated TXT entry whose sizes go
 * in a data descriptor (bit 3), as a ZIP written on the fly is, then the central directory.
 */
export const PADRON_HEADER =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|'

const SURNAMES = ['QUISPE', 'FLORES', 'SÁNCHEZ', 'RODRÍGUEZ', 'GARCÍA', 'ROJAS', 'HUAMÁN', 'PEÑA', 'MAMANI']
const STATES = [
  'ACTIVO',
  'ACTIVO',
  'ACTIVO',
  'ACTIVO',
  'ACTIVO',
  'ACTIVO',
  'BAJA DE OFICIO',
  'BAJA DEFINITIVA',
]
const CONDITIONS = ['HABIDO', 'HABIDO', 'HABIDO', 'HABIDO', 'HABIDO', 'NO HABIDO', 'NO HALLADO']
const SYLLABLES = [
  'MA',
  'RI',
  'CA',
  'LO',
  'PE',
  'ZU',
  'TA',
  'NI',
  'GO',
  'BE',
  'SOL',
  'AN',
  'MO',
  'RO',
  'HUA',
  'YO',
]

/**
 * A name of 2 to 4 made-up words from `seed` (a hash of the line): real names vary, and a bench
 * whose names repeat would zip far better than SUNAT's file (~4:1) and inflate faster.
 */
function madeUpName(seed: number): string {
  let x = seed
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    return x >>> 8
  }
  const words: string[] = []
  for (let w = 2 + (next() % 3); w > 0; w--) {
    let word = ''
    for (let k = 2 + (next() % 3); k > 0; k--) word += SYLLABLES[next() % SYLLABLES.length]
    words.push(word)
  }
  return words.join(' ')
}

/** Line `i` of the padrón (unique RUC per i). */
export function padronLine(i: number): string {
  const person = i % 100 < 84
  const stem = `${person ? '10' : '20'}${String(i).padStart(8, '0')}`
  const ruc = `${stem}${rucCheckDigit(stem)}`
  const state = STATES[i % STATES.length]
  const condition = CONDITIONS[i % CONDITIONS.length]
  const name = madeUpName(i + 1)
  if (person) return `${ruc}|${SURNAMES[i % 9]} ${name}|${state}|${condition}|-|-|-|-|-|-|-|-|-|-|-|`
  return `${ruc}|${name} S.A.C.|${state}|${condition}|150131|AV.|${madeUpName(i * 7 + 3)}|URB.|${madeUpName(i * 13 + 5)}|${(i * 37) % 9000}|-|-|-|-|-|`
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2)
  b.writeUInt16LE(n)
  return b
}
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n >>> 0)
  return b
}

/** The ZIP's bytes, chunk by chunk, for `rows` lines (CRLF, ISO-8859-1). */
export async function* padronZip(rows: number, name = 'padron_reducido_ruc.txt'): AsyncGenerator<Buffer> {
  const nameBytes = Buffer.from(name, 'latin1')
  const flags = 0x0008
  const local = Buffer.concat([
    u32(0x04034b50),
    u16(20),
    u16(flags),
    u16(8),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    u32(0),
    u16(nameBytes.length),
    u16(0),
    nameBytes,
  ])
  yield local
  let crc = 0
  let size = 0
  let compressed = 0
  const deflate = createDeflateRaw({ level: 6 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const ended = new Promise<void>((resolve) => deflate.on('end', resolve))
  const feed = async (text: string) => {
    const bytes = Buffer.from(text, 'latin1')
    crc = crc32(bytes, crc)
    size += bytes.length
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  const drain = function* () {
    while (out.length) {
      const chunk = out.shift() as Buffer
      compressed += chunk.length
      yield chunk
    }
  }
  await feed(`${PADRON_HEADER}\r\n`)
  let text = ''
  for (let i = 0; i < rows; i++) {
    text += `${padronLine(i)}\r\n`
    if (text.length >= 1 << 20) {
      await feed(text)
      text = ''
      yield* drain()
    }
  }
  if (text) await feed(text)
  deflate.end()
  await ended
  yield* drain()
  yield Buffer.concat([u32(0x08074b50), u32(crc), u32(compressed), u32(size)])
  const central = Buffer.concat([
    u32(0x02014b50),
    u16(20),
    u16(20),
    u16(flags),
    u16(8),
    u16(0),
    u16(0),
    u32(crc),
    u32(compressed),
    u32(size),
    u16(nameBytes.length),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    nameBytes,
  ])
  const offset = local.length + compressed + 16
  yield central
  yield Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(1),
    u16(1),
    u32(central.length),
    u32(offset),
    u16(0),
  ])
}
