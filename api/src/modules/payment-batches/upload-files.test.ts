import { fixtureDni } from '@planillas/db/payroll-fixtures'
import { producedWorkbook } from '@planillas/db/xlsx-producers'
import { readZipEntries } from '@planillas/db/xlsx-zip'
import { FILE_MESSAGES, PAYMENT_TEMPLATE_HEADERS } from '@planillas/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPaymentsTestApp, expectRefused, type PaymentsTestApp } from './testing'

/** The payments upload's header check on files other writers make (issue 11). */
let s: PaymentsTestApp
beforeAll(async () => {
  s = await createPaymentsTestApp()
})
afterAll(async () => {
  await s?.close()
})

const abonos = (content: Buffer) => ({ name: 'abonos.xlsx', content })

describe('payment batches: the header check', () => {
  it('reads x:-prefixed sheets without r behind a hidden first sheet', async () => {
    const content = producedWorkbook(
      [
        { name: 'Oculta', hidden: true, rows: [['nada']] },
        { name: 'Abonos', rows: [PAYMENT_TEMPLATE_HEADERS, [1, fixtureDni(0), 1500, '7001', null]] },
      ],
      { prefix: 'x', noRefs: true, strings: 'inline' },
    )
    const res = await s.upload(s.validForm(), abonos(content))
    expect(res.body.messages).toEqual(['Se está procesando la carga de abonos.'])
  })

  it('names a blank row above the header, and a damaged file is a 400', async () => {
    const blank = producedWorkbook([
      {
        name: 'Abonos',
        rows: [PAYMENT_TEMPLATE_HEADERS, [1, fixtureDni(0), 1500, '7001', null]],
        blankRowsBefore: 1,
      },
    ])
    expectRefused(await s.upload(s.validForm(), abonos(blank)), [FILE_MESSAGES.headerRowAt(2)])
    const file = (await s.excel()).content
    file[readZipEntries(file).get('xl/worksheets/sheet1.xml')!.dataOffset] = 0xff
    expectRefused(await s.upload(s.validForm(), abonos(file)), [FILE_MESSAGES.damaged])
  })
})
