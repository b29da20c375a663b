import { CPE_MESSAGES as M } from '@planillas/domain'
import { cpeFixture, greenterDetractionTerms, withoutInstalments } from '@planillas/testing/cpe-fixtures'
import { describe, expect, it } from 'vitest'
import { schemaMessage, validateCpeSchemas } from './cpe-schema'
import { CpeXmlError, readCpe } from './cpe-xml'

const greenter = () => cpeFixture('greenter-invoice21-credito.xml').toString('utf8')
const problemsOf = (xml: string | Buffer) => {
  try {
    readCpe(Buffer.isBuffer(xml) ? xml : Buffer.from(xml))
    return []
  } catch (error) {
    if (error instanceof CpeXmlError) return error.problems
    throw error
  }
}

describe('readCpe', () => {
  it("reads ubl-validator's public nota de débito whole, its party in cac:PartyTaxScheme", () => {
    const { cpe, root } = readCpe(cpeFixture('20100454523-08-FD01-211.xml'))
    expect(root).toBe('DebitNote')
    expect(cpe).toMatchObject({
      type: '08',
      series: 'FD01',
      number: 211,
      issueDate: '2017-06-25',
      dueDate: null,
      issuer: { ruc: '20100454523', name: 'Soporte Tecnológicos EIRL' },
      receiver: { ruc: '20587896411', name: 'Servicabinas S.A.' },
      baseCents: 105_932,
      igvCents: 19_068,
      totalCents: 125_000,
      references: ['F001-4355'],
    })
  })

  it('reads an ISO-8859-1 XML as it declares', () => {
    const latin = greenter()
      .replace('encoding="utf-8"', 'encoding="ISO-8859-1"')
      .replace(
        '<![CDATA[GREENTER S.A.C.]]></cbc:RegistrationName>',
        '<![CDATA[PEÑA S.A.C.]]></cbc:RegistrationName>',
      )
    expect(readCpe(Buffer.from(latin, 'latin1')).cpe.issuer.name).toBe('PEÑA S.A.C.')
  })

  it('reads the earlier detracción form, whose cbc:ID is the catalogue 54 code', () => {
    const xml = greenter().replace(
      '<cac:PaymentTerms>',
      '<cac:PaymentTerms><cbc:ID schemeURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo54">004</cbc:ID><cbc:PaymentPercent>9.00</cbc:PaymentPercent><cbc:Amount currencyID="PEN">21.24</cbc:Amount></cac:PaymentTerms><cac:PaymentTerms>',
    )
    expect(readCpe(Buffer.from(xml)).cpe.detraction).toEqual({
      spotCode: '004',
      percentBp: 900,
      amountCents: 2_124,
      account: null,
      meansCode: null,
    })
  })

  it('refuses an amount with more than two significant decimals, and reads 236.000 as 236.00', () => {
    expect(
      problemsOf(greenter().replace('>236.00</cbc:PayableAmount>', '>236.005</cbc:PayableAmount>')),
    ).toEqual([M.invalid('cac:LegalMonetaryTotal/cbc:PayableAmount', '236.005')])
    expect(
      problemsOf(greenter().replace('>236.00</cbc:PayableAmount>', '>236.000</cbc:PayableAmount>')),
    ).toEqual([])
  })

  it('a line total that is not the sum of the lines is named', () => {
    const xml = greenter().replace(
      '<cbc:LineExtensionAmount currencyID="PEN">200.00</cbc:LineExtensionAmount><cbc:TaxInclusiveAmount',
      '<cbc:LineExtensionAmount currencyID="PEN">210.00</cbc:LineExtensionAmount><cbc:TaxInclusiveAmount',
    )
    expect(problemsOf(xml)).toEqual([M.lines('cac:LegalMonetaryTotal', '210.00', '200.00')])
  })
})

describe('payment terms: detracción, form of payment, instalments', () => {
  const detraccion = () => cpeFixture('greenter-invoice21-detraccion.xml').toString('utf8')

  it("reads greenter's factura with detracción: the block, Crédito and its two cuotas", () => {
    const { cpe } = readCpe(cpeFixture('greenter-invoice21-detraccion.xml'))
    expect(cpe).toMatchObject({
      totalCents: 118_000,
      dueDate: '2027-01-01',
      ...greenterDetractionTerms(),
    })
  })

  it('refuses a Crédito without cuotas, naming the elements', () => {
    expect(problemsOf(withoutInstalments(cpeFixture('greenter-invoice21-credito.xml')))).toEqual([
      M.creditWithoutInstalments,
    ])
  })

  it('refuses cuotas that do not add up to the net amount on credit', () => {
    expect(problemsOf(detraccion().replace('>538.40<', '>500.00<'))).toEqual([
      M.instalmentsSum('1000.00', '1038.40'),
    ])
  })

  it('refuses a cuota without its amount or due date, or repeated', () => {
    const xml = detraccion()
      .replace('<cbc:PaymentDueDate>2026-12-02</cbc:PaymentDueDate>', '')
      .replace(
        '<cbc:PaymentMeansID>Cuota002</cbc:PaymentMeansID>',
        '<cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID>',
      )
    expect(problemsOf(xml)).toEqual([M.instalmentDue('Cuota001'), M.instalmentRepeated('Cuota001')])
  })

  it('a Contado sale has no cuotas to check and falls due on its issue date', () => {
    const xml = withoutInstalments(cpeFixture('greenter-invoice21-credito.xml'))
      .toString('utf8')
      .replace(
        '<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">236.00</cbc:Amount>',
        '<cbc:PaymentMeansID>Contado</cbc:PaymentMeansID>',
      )
    const { cpe } = readCpe(Buffer.from(xml))
    expect(cpe.paymentForm).toEqual({ kind: 'Contado', amountCents: null })
    expect(cpe.dueDate).toBe(cpe.issueDate)
  })
})

describe('the UBL 2.1 schemas through xmllint', () => {
  it('accepts the public samples and names the element of a broken one, in Spanish', async () => {
    const good = cpeFixture('greenter-invoice21-credito.xml')
    const broken = Buffer.from(
      greenter().replace(
        '<cbc:IssueDate>2026-11-02</cbc:IssueDate>',
        '<cbc:IssueDate>2 de noviembre</cbc:IssueDate>',
      ),
    )
    const result = await validateCpeSchemas([
      { root: 'Invoice', content: good },
      { root: 'DebitNote', content: cpeFixture('20100454523-08-FD01-211.xml') },
      { root: 'Invoice', content: broken },
    ])
    expect(result[0]).toEqual([])
    expect(result[1]).toEqual([])
    expect(result[2]).toEqual([M.schema(1, 'cbc:IssueDate', 'tiene un valor inválido')])
  })

  it('says xmllint lines in Spanish', () => {
    expect(
      schemaMessage(
        "/tmp/x/3.xml:5: element InvoiceTypeCode: Schemas validity error : Element '{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}InvoiceTypeCode': This element is not expected.",
      ),
    ).toBe(M.schema(5, 'cbc:InvoiceTypeCode', 'no se esperaba en ese lugar'))
  })
})
