import { FILE_MESSAGES, PAYMENT_TEMPLATE_HEADERS } from '@planillas/domain'
import { readZipEntries } from '@planillas/formats/xlsx-zip'
import { createPaymentsTestApp, expectRefused } from '@planillas/testing/api/payment-batches'
import { fixtureDni } from '@planillas/testing/payroll-fixtures'
import { perFile } from '@planillas/testing/per-file'
import { producedWorkbook } from '@planillas/testing/xlsx-producers'
import { describe, expect, it } from 'vitest'

/** The payments upload's header check on files other writers make. */
const s = perFile(createPaymentsTestApp)

const abonos = (content: Buffer) => ({ name: 'abonos.xlsx', content })

describe('payment batches: the header check', () => {
  it('reads x:-prefixed sheets without r behind a hidden first sheet', async () => {
    const content = producedWorkbook(
      [
        { name: 'Oculta', hidden: true, rows: [] },
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
