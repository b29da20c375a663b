import { describe, expect, it } from 'vitest'
import { CONSTANCIA_MESSAGES as M, readConstancias } from './constancias-csv'

describe("SUNAT's CSV of deposited detracciones", () => {
  it('reads every row, with or without a header, as céntimos and ISO dates', () => {
    const text =
      'Constancia;Periodo;RUC;Fecha;Monto;Tipo de bien;Serie y número\r\n' +
      '250012345678;202611;20100070970;05/12/2026;142.00;037;F001-00000123\r\n' +
      '"250012345679";202611;20100070970;2026-12-05;18;027;E001-7\r\n'
    expect(readConstancias(text)).toEqual({
      rows: [
        {
          rowNumber: 2,
          constancia: '250012345678',
          period: '202611',
          supplierRuc: '20100070970',
          depositedOn: '2026-12-05',
          amountCents: 14_200,
          spotCode: '037',
          series: 'F001',
          number: 123,
        },
        {
          rowNumber: 3,
          constancia: '250012345679',
          period: '202611',
          supplierRuc: '20100070970',
          depositedOn: '2026-12-05',
          amountCents: 1_800,
          spotCode: '027',
          series: 'E001',
          number: 7,
        },
      ],
      problems: [],
    })
  })

  it('names each bad row and what is wrong with it', () => {
    const text = [
      '1;202611;20100070970;05/12/2026;142.00;037',
      'A1;202611;20100070970;05/12/2026;142.00;037;F001-1',
      '1;202613;20100070970;05/12/2026;142.00;037;F001-1',
      '1;202611;2010007097;05/12/2026;142.00;037;F001-1',
      '1;202611;20100070970;31/11/2026;142.00;037;F001-1',
      '1;202611;20100070970;05/12/2026;1,142.00;037;F001-1',
      '1;202611;20100070970;05/12/2026;142.00;037;F001123',
    ].join('\n')
    expect(readConstancias(text).problems).toEqual([
      { rowNumber: 1, message: M.columns(6) },
      { rowNumber: 2, message: M.constancia },
      { rowNumber: 3, message: M.period },
      { rowNumber: 4, message: M.ruc },
      { rowNumber: 5, message: M.date },
      { rowNumber: 6, message: M.amount },
      { rowNumber: 7, message: M.number },
    ])
    expect(readConstancias('\n\n').problems).toEqual([{ rowNumber: 0, message: M.empty }])
  })
})
