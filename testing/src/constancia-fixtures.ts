import { SUNAT_CONSTANCIA_HEADER } from '@planillas/domain'
import { TODAY } from './api/payments'

/** A row of SOL's export for a voucher (the 17 columns; the buyer's columns as SOL fills them). */
export function sunatRow(
  v: { type: string; series: string; number: number },
  ruc: string,
  constancia: string,
  amount: string,
  overrides: { type?: string } = {},
) {
  return [
    'D',
    '00000123456',
    constancia,
    '202611',
    ruc,
    'PROVEEDOR ÑANDÚ S.A.C.',
    '6',
    '20601234567',
    'MI EMPRESA S.A.C.',
    TODAY.split('-').reverse().join('/'),
    amount,
    '037',
    '01',
    overrides.type ?? v.type,
    v.series,
    String(v.number).padStart(8, '0'),
    `9${constancia}`,
  ]
}

/** SOL's export as Windows-1252 bytes with '|' between fields, its header first. */
export const sunatFile = (rows: string[][]) =>
  Buffer.from(`${[SUNAT_CONSTANCIA_HEADER, ...rows].map((r) => r.join('|')).join('\r\n')}\r\n`, 'latin1')

/** A multipart body with SUNAT's file as `file`, written by hand (so a test can cut it short). */
export function constanciasForm(content: string | Buffer, name = 'constancias.csv') {
  const boundary = '----constancias'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }
}

/** `count` rows of SOL's export for facturas F001-1… of made-up RUCs: none matches a registered voucher. */
export const unmatchedSunatRows = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    sunatRow(
      { type: '01', series: 'F001', number: i + 1 },
      `20${String(i).padStart(9, '0')}`,
      `28${i}`,
      '142.00',
    ),
  )
