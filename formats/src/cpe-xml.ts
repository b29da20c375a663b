import {
  type CpeDetraction,
  type CpeDocument,
  type CpeInstalment,
  type CpeParty,
  type CpeType,
  centsToSoles,
  isIsoDate,
  CPE_MESSAGES as M,
} from '@planillas/domain'
import { SaxesParser } from 'saxes'

/**
 * Reads a supplier's CPE (UBL 2.1 factura, boleta, nota de crédito or débito as SUNAT profiles it)
 * trusting nothing: bounded size, no DTD (so no entity, internal or external, is ever expanded),
 * bounded depth, element count and text runs, namespaces checked. Then fills a `CpeDocument` and
 * checks that its totals add up. Every refusal is a `CpeXmlError` whose messages (Spanish) name the
 * element. Schema validation is apart (`cpe-schema.ts`, xmllint against formats/xsd/ubl-2.1).
 */
export class CpeXmlError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '))
  }
}

export const CPE_LIMITS = {
  /** The voucher form's file limit: a factura of a few thousand lines is well under it. */
  bytes: 10 * 1024 * 1024,
  /** A UBL 2.1 invoice nests about 12 deep (a line's tax scheme, the signature's transforms). */
  depth: 40,
  elements: 250_000,
  /** Characters between two tags (a signature's certificate is a few KB). */
  textChars: 1_000_000,
}

export const UBL_NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  DebitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
} as const
export type CpeRoot = keyof typeof UBL_NS
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2'

type Node = { ns: string; name: string; attrs: Record<string, string>; children: Node[]; text: string }

/** The XML's text: UTF-8 (the default), or ISO-8859-1 when its declaration says so. */
function decode(content: Buffer): string {
  const head = content.subarray(0, 200).toString('latin1')
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1]
  const encoding = (declared ?? 'UTF-8').toUpperCase()
  if (encoding === 'UTF-8' || encoding === 'UTF8') return content.toString('utf8').replace(/^\uFEFF/, '')
  if (encoding === 'ISO-8859-1' || encoding === 'LATIN1') return content.toString('latin1')
  throw new CpeXmlError([M.encoding(declared ?? '')])
}

/** Parses into a small namespaced tree within `CPE_LIMITS`. */
export function parseCpeTree(content: Buffer): Node {
  if (content.length > CPE_LIMITS.bytes) throw new CpeXmlError([M.tooLarge(CPE_LIMITS.bytes / 1024 / 1024)])
  const text = decode(content)
  // Refused before any parser sees it: a DTD is where entities (XXE, billion laughs) live.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new CpeXmlError([M.doctype])
  const parser = new SaxesParser({ xmlns: true })
  const stack: Node[] = []
  let root: Node | undefined
  let elements = 0
  let failure: string | undefined
  const fail = (message: string) => {
    failure ??= message
    throw new CpeXmlError([message])
  }
  parser.on('doctype', () => fail(M.doctype))
  parser.on('opentag', (tag) => {
    if (++elements > CPE_LIMITS.elements) fail(M.tooManyElements(CPE_LIMITS.elements))
    if (stack.length >= CPE_LIMITS.depth) fail(M.tooDeep(CPE_LIMITS.depth))
    const attrs: Record<string, string> = {}
    for (const a of Object.values(tag.attributes)) if (!a.prefix) attrs[a.local] = a.value
    const node: Node = { ns: tag.uri, name: tag.local, attrs, children: [], text: '' }
    stack.at(-1)?.children.push(node)
    root ??= node
    stack.push(node)
  })
  const onText = (t: string) => {
    if (t.length > CPE_LIMITS.textChars) fail(M.textTooLong)
    const top = stack.at(-1)
    if (top && top.text.length < CPE_LIMITS.textChars) top.text += t
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', () => {
    stack.pop()
  })
  try {
    parser.write(text).close()
  } catch (error) {
    if (error instanceof CpeXmlError) throw error
    // saxes: "1:23: unexpected ..." — kept short, it is what the parser saw.
    const detail = error instanceof Error ? error.message.split('\n')[0].slice(0, 160) : 'no se pudo leer'
    throw new CpeXmlError([M.notXml(detail)])
  }
  if (failure) throw new CpeXmlError([failure])
  if (!root) throw new CpeXmlError([M.notXml('vacío')])
  return root
}

const kids = (node: Node | undefined, ns: string, name: string) =>
  node ? node.children.filter((c) => c.ns === ns && c.name === name) : []
const kid = (node: Node | undefined, ns: string, name: string) => kids(node, ns, name)[0]
const cac = (node: Node | undefined, name: string) => kid(node, CAC, name)
const cbc = (node: Node | undefined, name: string) => kid(node, CBC, name)
const textOf = (node: Node | undefined) => (node?.text ?? '').trim()
/** The first node down a path of `cac:`/`cbc:` names. */
const at = (node: Node | undefined, path: string) =>
  path.split('/').reduce<Node | undefined>((n, step) => {
    const [prefix, name] = step.split(':')
    return kid(n, prefix === 'cac' ? CAC : CBC, name)
  }, node)

const AMOUNT = /^(\d{1,12})(?:\.(\d+))?$/

/** What every part of the reading shares: the tree, the problems found so far and the typed readers. */
type Reading = {
  tree: Node
  problems: string[]
  /** The text at a path; a problem naming the path when it is empty. */
  required: (path: string) => string
  /** An amount in céntimos: at most two decimals that count (SUNAT writes totals with two). */
  amount: (node: Node | undefined, element: string) => number | null
  /** An ISO date, or '' with a problem naming the element. */
  date: (value: string, element: string) => string
}

function reading(tree: Node): Reading {
  const problems: string[] = []
  return {
    tree,
    problems,
    required: (path) => {
      const value = textOf(at(tree, path))
      if (!value) problems.push(M.missing(path))
      return value
    },
    amount: (node, element) => {
      const raw = textOf(node)
      if (!raw) return null
      const m = AMOUNT.exec(raw)
      const decimals = m?.[2] ?? ''
      if (!m || /[1-9]/.test(decimals.slice(2))) {
        problems.push(M.invalid(element, raw))
        return null
      }
      return Number(m[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'))
    },
    date: (value, element) => {
      if (value && !isIsoDate(value)) {
        problems.push(M.invalid(element, value))
        return ''
      }
      return value
    },
  }
}

/**
 * Reads and checks a whole document. `problems` gathers every refusal of the content (not of the
 * parsing, which stops at the first), so the clerk sees them all at once.
 */
export function readCpe(content: Buffer): { cpe: CpeDocument; root: CpeRoot } {
  const tree = parseCpeTree(content)
  const rootName = (Object.keys(UBL_NS) as CpeRoot[]).find((r) => tree.name === r && tree.ns === UBL_NS[r])
  if (!rootName) throw new CpeXmlError([M.notUbl(tree.ns ? `{${tree.ns}}${tree.name}` : tree.name)])
  const r = reading(tree)
  const header = readHeader(r, rootName)
  const issuer = readParty(r, 'AccountingSupplierParty')
  const receiver = readParty(r, 'AccountingCustomerParty')
  const { baseCents, igvCents } = readTaxes(r)
  const { totalCents, lines } = readTotals(r, rootName, baseCents, igvCents)
  const { detraction, paymentForm, instalments } = paymentTerms(r)
  const due = r.date(textOf(cbc(tree, 'DueDate')), 'cbc:DueDate')
  const dueDate =
    due ||
    instalments
      .map((i) => i.dueDate)
      .sort()
      .at(-1) ||
    (paymentForm?.kind === 'Contado' ? header.issueDate : '') ||
    null
  const references = kids(tree, CAC, 'BillingReference')
    .map((b) => textOf(at(b, 'cac:InvoiceDocumentReference/cbc:ID')))
    .filter(Boolean)
  const description = [
    ...new Set(lines.map((l) => textOf(at(l, 'cac:Item/cbc:Description'))).filter(Boolean)),
  ]
    .join('; ')
    .replace(/\s+/g, ' ')
    .slice(0, 500)
  if (r.problems.length) throw new CpeXmlError(r.problems)
  return {
    root: rootName,
    cpe: {
      ...header,
      dueDate,
      issuer,
      receiver,
      baseCents,
      igvCents,
      totalCents: totalCents ?? 0,
      detraction,
      paymentForm,
      instalments,
      references,
      description,
    },
  }
}

/** Version, type, series-number, issue date and currency. */
function readHeader({ tree, problems, required, date }: Reading, rootName: CpeRoot) {
  const version = textOf(cbc(tree, 'UBLVersionID'))
  if (version !== '2.1') problems.push(M.version(version))
  let type: CpeType = rootName === 'CreditNote' ? '07' : rootName === 'DebitNote' ? '08' : '01'
  if (rootName === 'Invoice') {
    const code = required('cbc:InvoiceTypeCode')
    if (code === '01' || code === '03') type = code
    else if (code) problems.push(M.typeCode(code))
  }
  const id = required('cbc:ID')
  const idMatch = /^([A-Z0-9]{4})-(\d{1,8})$/.exec(id)
  if (id && (!idMatch || Number(idMatch[2]) === 0)) problems.push(M.idFormat(id))
  const issueDate = date(required('cbc:IssueDate'), 'cbc:IssueDate')
  const currency = required('cbc:DocumentCurrencyCode')
  if (currency && currency !== 'PEN' && currency !== 'USD') problems.push(M.currency(currency))
  return { type, series: idMatch?.[1] ?? '', number: Number(idMatch?.[2] ?? 0), issueDate, currency }
}

/** The issuer or the receiver: its R.U.C. (schemeID 6) and name. */
function readParty(
  { tree, problems }: Reading,
  element: 'AccountingSupplierParty' | 'AccountingCustomerParty',
): CpeParty {
  const p = at(tree, `cac:${element}/cac:Party`)
  // SUNAT's 2.1 profile puts the RUC in cac:PartyIdentification; earlier 2.1 samples in
  // cac:PartyTaxScheme/cbc:CompanyID. Either, with schemeID 6 (catalogue 06: R.U.C.).
  const idNode = at(p, 'cac:PartyIdentification/cbc:ID') ?? at(p, 'cac:PartyTaxScheme/cbc:CompanyID')
  const ruc = textOf(idNode)
  const path = `cac:${element}`
  if (!idNode) problems.push(M.missing(`${path}/cac:Party/cac:PartyIdentification/cbc:ID`))
  else if (!/^\d{11}$/.test(ruc) || (idNode.attrs.schemeID && idNode.attrs.schemeID !== '6'))
    problems.push(M.rucScheme(`${path}/cac:Party/cac:PartyIdentification/cbc:ID`))
  const name =
    textOf(at(p, 'cac:PartyLegalEntity/cbc:RegistrationName')) ||
    textOf(at(p, 'cac:PartyTaxScheme/cbc:RegistrationName')) ||
    textOf(at(p, 'cac:PartyName/cbc:Name'))
  return { ruc, name }
}

/**
 * Taxes: the document's cac:TaxTotal (not the lines'). IGV (1000) gives the IGV and, with the
 * exonerated (9997) and unaffected (9998) amounts, the base; another tribute with an amount has no
 * place in the voucher and is refused.
 */
function readTaxes({ tree, problems, amount }: Reading) {
  const taxTotal = cac(tree, 'TaxTotal')
  let baseCents = 0
  let igvCents = 0
  if (!taxTotal) {
    problems.push(M.missing('cac:TaxTotal'))
    return { baseCents, igvCents }
  }
  let subtotalSum = 0
  let hasIgv = false
  for (const sub of kids(taxTotal, CAC, 'TaxSubtotal')) {
    const code = textOf(at(sub, 'cac:TaxCategory/cac:TaxScheme/cbc:ID'))
    const name = textOf(at(sub, 'cac:TaxCategory/cac:TaxScheme/cbc:Name'))
    const taxable = amount(cbc(sub, 'TaxableAmount'), 'cac:TaxSubtotal/cbc:TaxableAmount') ?? 0
    const tax = amount(cbc(sub, 'TaxAmount'), 'cac:TaxSubtotal/cbc:TaxAmount') ?? 0
    subtotalSum += tax
    if (code === '1000') {
      hasIgv = true
      baseCents += taxable
      igvCents += tax
    } else if (code === '9997' || code === '9998') baseCents += taxable
    else if (tax !== 0) problems.push(M.otherTax(code || '?', name))
  }
  const declaredNode = cbc(taxTotal, 'TaxAmount')
  const declared = amount(declaredNode, 'cac:TaxTotal/cbc:TaxAmount')
  if (!textOf(declaredNode)) problems.push(M.missing('cac:TaxTotal/cbc:TaxAmount'))
  else if (declared !== null && declared !== subtotalSum)
    problems.push(M.taxSum(cents(declared), cents(subtotalSum)))
  if (!hasIgv && kids(taxTotal, CAC, 'TaxSubtotal').length === 0)
    problems.push(M.missing('cac:TaxTotal/cac:TaxSubtotal'))
  return { baseCents, igvCents }
}

/** The amount payable (it must be base + IGV) and the lines, whose amounts must add up to theirs. */
function readTotals(
  { tree, problems, amount }: Reading,
  rootName: CpeRoot,
  baseCents: number,
  igvCents: number,
) {
  const monetaryName = rootName === 'DebitNote' ? 'RequestedMonetaryTotal' : 'LegalMonetaryTotal'
  const monetary = cac(tree, monetaryName)
  const payable = cbc(monetary, 'PayableAmount')
  const totalCents = amount(payable, `cac:${monetaryName}/cbc:PayableAmount`)
  if (!textOf(payable)) problems.push(M.missing(`cac:${monetaryName}/cbc:PayableAmount`))
  else if (totalCents !== null && cac(tree, 'TaxTotal') && totalCents !== baseCents + igvCents)
    problems.push(M.payable(`cac:${monetaryName}`, cents(totalCents), cents(baseCents + igvCents)))
  const lineName = `${rootName}Line`
  const lineTotal = amount(
    cbc(monetary, 'LineExtensionAmount'),
    `cac:${monetaryName}/cbc:LineExtensionAmount`,
  )
  const lines = kids(tree, CAC, lineName)
  if (lineTotal !== null && lines.length) {
    const sum = lines.reduce(
      (s, l) => s + (amount(cbc(l, 'LineExtensionAmount'), `cac:${lineName}/cbc:LineExtensionAmount`) ?? 0),
      0,
    )
    if (sum !== lineTotal) problems.push(M.lines(`cac:${monetaryName}`, cents(lineTotal), cents(sum)))
  }
  return { totalCents, lines }
}

const cents = centsToSoles

/**
 * The payment terms as SUNAT's UBL 2.1 guide writes them: `cac:PaymentMeans` and `cac:PaymentTerms`
 * with `cbc:ID` 'Detraccion' (code in `cbc:PaymentMeansID`, `cbc:PaymentPercent`, `cbc:Amount`,
 * the BN account in `cac:PayeeFinancialAccount/cbc:ID`, the means in `cbc:PaymentMeansCode`), or
 * the earlier form whose `cbc:ID` is the catalogue 54 code itself; `cbc:ID` 'FormaPago' with
 * 'Contado', 'Credito' or 'CuotaNNN' in `cbc:PaymentMeansID`.
 */
function paymentTerms({ tree, problems, amount, date }: Reading) {
  let detraction: CpeDetraction | null = null
  let paymentForm: CpeDocument['paymentForm'] = null
  const instalments: CpeInstalment[] = []
  const detr = (): CpeDetraction =>
    (detraction ??= { spotCode: null, percentBp: null, amountCents: null, account: null, meansCode: null })
  for (const means of kids(tree, CAC, 'PaymentMeans')) {
    if (textOf(cbc(means, 'ID')) !== 'Detraccion') continue
    const d = detr()
    d.meansCode = textOf(cbc(means, 'PaymentMeansCode')) || null
    d.account = textOf(at(means, 'cac:PayeeFinancialAccount/cbc:ID')) || null
  }
  for (const terms of kids(tree, CAC, 'PaymentTerms')) {
    const idNode = cbc(terms, 'ID')
    const id = textOf(idNode)
    const meansId = textOf(cbc(terms, 'PaymentMeansID'))
    const termAmount = amount(cbc(terms, 'Amount'), 'cac:PaymentTerms/cbc:Amount')
    const isOldSpot = /catalogo54$/.test(idNode?.attrs.schemeURI ?? '') && /^\d{3}$/.test(id)
    if (id === 'Detraccion' || isOldSpot) {
      const d = detr()
      d.spotCode = (isOldSpot ? id : meansId) || null
      d.amountCents = termAmount
      const percent = textOf(cbc(terms, 'PaymentPercent'))
      const pm = /^(\d{1,3})(?:\.(\d{1,2})0*)?$/.exec(percent)
      d.percentBp = pm ? Number(pm[1]) * 100 + Number((pm[2] ?? '').padEnd(2, '0')) : null
    } else if (id === 'FormaPago') {
      if (meansId === 'Contado' || meansId === 'Credito')
        paymentForm = { kind: meansId, amountCents: termAmount }
      else if (/^Cuota\d{3}$/.test(meansId)) {
        const dueText = textOf(cbc(terms, 'PaymentDueDate'))
        if (termAmount === null || termAmount <= 0) problems.push(M.instalmentAmount(meansId))
        if (!dueText) problems.push(M.instalmentDue(meansId))
        if (instalments.some((i) => i.label === meansId)) problems.push(M.instalmentRepeated(meansId))
        instalments.push({
          label: meansId,
          amountCents: termAmount ?? 0,
          dueDate: date(dueText, 'cac:PaymentTerms/cbc:PaymentDueDate'),
        })
      }
    }
  }
  problems.push(...creditProblems(paymentForm, instalments))
  return { detraction, paymentForm, instalments }
}

/**
 * A sale on credit states its instalments (`CuotaNNN`) and the net amount pending
 * (`FormaPago` `Credito`, `cbc:Amount`: the total less the detracción or retention): a
 * Crédito without instalments, or instalments that do not add up to that amount, is refused.
 */
function creditProblems(paymentForm: CpeDocument['paymentForm'], instalments: CpeInstalment[]): string[] {
  if (paymentForm?.kind !== 'Credito') return []
  if (!instalments.length) return [M.creditWithoutInstalments]
  const sum = instalments.reduce((s, i) => s + i.amountCents, 0)
  if (paymentForm.amountCents !== null && sum !== paymentForm.amountCents)
    return [M.instalmentsSum(cents(sum), cents(paymentForm.amountCents))]
  return []
}
