import type { FieldMetadata } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Option } from '@planillas/domain'
import {
  CPE_MESSAGES,
  type CpeDocument,
  CREDIT_NOTE,
  dayMonthYear,
  VOUCHER_MESSAGES as M,
  MESSAGES,
  VOUCHER_CURRENCIES,
  VOUCHER_TYPES,
  VoucherSchema,
  voucherCurrency,
  voucherType,
} from '@planillas/domain'
import { Fragment } from 'react'
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router'
import { z } from 'zod'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import {
  DateField,
  FileField,
  PDF_ACCEPT,
  SelectField,
  TextField,
  XML_ACCEPT,
} from '~/components/form/fields'
import { FormActions, FormCard, FormNote, FormPage, SchemaForm } from '~/components/form/form-layout'
import { SearchPickerField } from '~/components/form/search-picker-field'
import { useSchemaForm } from '~/components/form/use-schema-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { echoForm, messageErrors } from '~/form.server'
import { orBackToList } from '~/record.server'
import { declaredTermsItems } from '~/routes/pagos/+shared/vouchers/declared-terms'
import {
  FIELD_OF_FILE_MESSAGE,
  VOUCHER_PDF_LABEL,
  VOUCHER_XML_LABEL,
  VoucherPdfSchema,
} from '~/routes/pagos/+shared/vouchers/voucher-files'
import {
  creditedOption,
  searchCreditable,
  searchSuppliers,
  supplierOption,
} from '~/routes/pagos/+shared/vouchers/voucher-search.server'
import { redirectWithToast } from '~/session.server'
import { withIsoDates } from '~/utils/date-fields'
import { pageTitle } from '~/utils/page-title'
import { useHydrated } from '~/utils/use-hydrated'

export const meta = pageTitle('Registrar comprobante')

/** The voucher's fields and its PDF: the shared schema (the API's own) plus the file it requires. */
const FormSchema = z.object({ pdf: VoucherPdfSchema }).and(VoucherSchema)

/** The text fields the API reads, sent as typed (it parses the soles itself). */
const API_FIELDS = [
  'companyId',
  'supplierId',
  'type',
  'series',
  'number',
  'issueDate',
  'dueDate',
  'currency',
  'base',
  'igv',
  'total',
  'description',
  'expenseLineId',
  'creditsVoucherId',
  'recordingPeriod',
] as const

/** The API's messages that belong beside a field (the rest go above the form). */
const FIELD_OF_MESSAGE: Record<string, string> = {
  ...FIELD_OF_FILE_MESSAGE,
  [M.duplicate]: 'number',
  [M.supplierSuspended]: 'supplierId',
  [M.creditedOtherSupplier]: 'creditsVoucherId',
  [M.creditedRequired]: 'creditsVoucherId',
  [M.creditedOnlyForCreditNote]: 'creditsVoucherId',
  [M.totalMismatch]: 'total',
}

const CREDITS_PARAM = 'credita'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const credits = Number(new URL(request.url).searchParams.get(CREDITS_PARAM)) || null
  const [companies, expenseLines, credited] = await Promise.all([
    call(request, 'GET /companies'),
    call(request, 'GET /expense-lines'),
    credits
      ? orBackToList(request, '/pagos', () => call(request, 'GET /payments/:id', { params: { id: credits } }))
      : null,
  ])
  return {
    companies: companies.map((c) => ({ value: String(c.id), label: `${c.name} (${c.ruc})` })),
    expenseLines: expenseLines.map((e) => ({ value: String(e.id), label: e.description })),
    // A nota de crédito for a voucher (from its details): its supplier, company and line come with it.
    credited: credited
      ? {
          voucher: creditedOption(credited),
          supplier: supplierOption({
            id: credited.supplierId,
            ruc: credited.supplierRuc,
            name: credited.supplierName,
          }),
          companyId: String(credited.companyId),
          expenseLineId: String(credited.expenseLineId),
        }
      : null,
  }
}

/** The options behind the ids posted, so a form shown again names what was chosen. */
async function chosenOptions(request: Request, formData: FormData) {
  const supplierId = Number(formData.get('supplierId')) || null
  const creditsId = Number(formData.get('creditsVoucherId')) || null
  const [suppliers, credited] = await Promise.all([
    supplierId ? call(request, 'GET /suppliers') : [],
    creditsId ? call(request, 'GET /payments/:id', { params: { id: creditsId } }).catch(() => null) : null,
  ])
  const supplier = suppliers.find((s) => s.id === supplierId)
  return {
    supplier: supplier ? supplierOption(supplier) : null,
    creditedVoucher: credited ? creditedOption(credited) : null,
  }
}

/**
 * Without JavaScript the pickers' 'Buscar' posts the form (`intent`): the matches come back with
 * what was typed. Otherwise the voucher is checked with the shared schema and sent to the API as
 * multipart, its PDF and XML with it; a refusal shows each message beside its field.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'pagos_registrar')
  const formData = withIsoDates(await request.formData())
  const intent = formData.get('intent')
  const chosen = await chosenOptions(request, formData)
  if (intent === 'supplier' || intent === 'credited') {
    const term = String(
      formData.get(intent === 'supplier' ? 'supplierIdSearch' : 'creditsVoucherIdSearch') ?? '',
    )
    const results =
      intent === 'supplier' ? await searchSuppliers(request, term) : await searchCreditable(request, term)
    return data({ result: echoForm(formData), chosen, search: { intent, term, results } })
  }
  if (intent === 'xml') return readXml(request, formData, chosen)
  const submission = parseWithZod(formData, { schema: FormSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), chosen }, { status: 400 })
  const body = new FormData()
  for (const name of API_FIELDS) {
    const value = formData.get(name)
    if (typeof value === 'string' && value.trim() !== '') body.append(name, value.trim())
  }
  const pdf = formData.get('pdf') as File
  body.append('pdf', pdf, pdf.name)
  const xml = formData.get('xml')
  if (xml instanceof File && xml.size > 0) body.append('xml', xml, xml.name)
  let id: number
  try {
    id = (await call(request, 'POST /payments', { body })).id
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data(
      { result: submission.reply(messageErrors(error.messages, FIELD_OF_MESSAGE)), chosen },
      { status: 400 },
    )
  }
  return redirectWithToast(request, `/pagos/${id}/detalle`, { type: 'success', message: MESSAGES.saved })
}

/**
 * 'Leer XML': the attached XML goes to the API with what was typed; its values come back into the
 * form (what was typed and the XML agree, or the API refuses naming the element), with and without
 * JavaScript alike. Nothing is stored: the XML is attached again when the voucher is saved.
 */
async function readXml(
  request: Request,
  formData: FormData,
  chosen: Awaited<ReturnType<typeof chosenOptions>>,
) {
  const echo = (messages: string[]) =>
    data(
      {
        result: parseWithZod(formData, { schema: z.object({}) }).reply({
          formErrors: messages,
          fieldErrors: { xml: messages },
        }),
        chosen,
      },
      { status: 400 },
    )
  const xml = formData.get('xml')
  if (!(xml instanceof File) || xml.size === 0) return echo([CPE_MESSAGES.required])
  const body = new FormData()
  // The currency is the XML's to fill: the picker always holds one, so it is not compared here.
  for (const name of API_FIELDS) {
    const value = formData.get(name)
    if (name !== 'currency' && typeof value === 'string' && value.trim() !== '')
      body.append(name, value.trim())
  }
  body.append('xml', xml, xml.name)
  let read: { values: Record<string, string>; cpe: CpeDocument }
  try {
    read = await call(request, 'POST /payments/xml', { body })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return echo(error.messages)
  }
  const filled = new FormData()
  for (const [name, value] of formData)
    if (typeof value === 'string' && name !== 'intent') filled.set(name, value)
  for (const [name, value] of Object.entries(read.values)) filled.set(name, value)
  // The values as the form's new start: with JavaScript, conform's 'update' redraws every field.
  // (dates as the fields show them: the update writes the inputs as they are).
  const value = Object.fromEntries(
    [...filled].map(([k, v]) => [k, k === 'issueDate' || k === 'dueDate' ? dayMonthYear(String(v)) : v]),
  ) as Record<string, string>
  const result = { ...echoForm(filled), intent: { type: 'update' as const, payload: { value } } }
  return data({ result, chosen: await chosenOptions(request, filled), read: read.cpe })
}

type Fields = {
  companyId: string
  supplierId: string
  type: string
  creditsVoucherId: string
  series: string
  number: string
  issueDate: string
  dueDate: string
  currency: string
  base: string
  igv: string
  total: string
  description: string
  expenseLineId: string
  recordingPeriod: string
  pdf: string
  xml: string
}

const TYPE_OPTIONS = VOUCHER_TYPES.map((code) => ({ value: code, label: `${code} ${voucherType[code]}` }))
const CURRENCY_OPTIONS = VOUCHER_CURRENCIES.map((code) => ({ value: code, label: voucherCurrency[code] }))

type ActionData = {
  chosen?: { supplier: Option | null; creditedVoucher: Option | null }
  read?: CpeDocument
  search?: { intent: 'supplier' | 'credited'; term: string; results: Option[] }
}

/** 'Registrar comprobante': a supplier's voucher by hand, with its PDF (required) and XML. */
export default function RegisterVoucher() {
  const { companies, expenseLines, credited } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as ActionData | undefined
  const hydrated = useHydrated()
  const { form, fields, busy } = useSchemaForm<Fields>(FormSchema, {
    id: 'voucher-new',
    uncheckedIntents: ['xml'],
    defaultValue: {
      companyId: credited?.companyId ?? (companies.length === 1 ? companies[0].value : ''),
      supplierId: credited?.supplier.value ?? '',
      type: credited ? CREDIT_NOTE : '01',
      currency: 'PEN',
      creditsVoucherId: credited?.voucher.value ?? '',
      expenseLineId: credited?.expenseLineId ?? '',
    },
  })
  const search = answer?.search
  const supplier = answer?.chosen ? answer.chosen.supplier : (credited?.supplier ?? null)
  const creditedVoucher = answer?.chosen ? answer.chosen.creditedVoucher : (credited?.voucher ?? null)
  // With JavaScript the credited voucher is asked only of a nota de crédito; without, it is always there.
  const showCredited = !hydrated || fields.type.value === CREDIT_NOTE
  const read = answer?.read
  return (
    <FormPage title="Registrar comprobante">
      <FormNote>
        Registre el comprobante tal como lo emitió el proveedor y adjunte su PDF. Una nota de crédito indica
        el comprobante que modifica; si ese comprobante fue rechazado, su número queda libre.
      </FormNote>
      <SchemaForm form={form} encType="multipart/form-data">
        <XmlCard meta={fields.xml} read={read} />
        <FormCard title="Proveedor y comprobante">
          <SelectField meta={fields.companyId} label="Empresa" required options={companies} />
          <SearchPickerField
            meta={fields.supplierId}
            label="Proveedor"
            required
            source="/pagos/buscar/proveedores"
            selected={supplier}
            searchIntent="supplier"
            results={search?.intent === 'supplier' ? search.results : undefined}
            searchTerm={search?.intent === 'supplier' ? search.term : undefined}
            placeholder="Escriba el R.U.C. o la razón social"
          />
          <SelectField meta={fields.type} label="Tipo de comprobante" required options={TYPE_OPTIONS} />
          {showCredited ? (
            <SearchPickerField
              meta={fields.creditsVoucherId}
              label="Comprobante que modifica"
              source="/pagos/buscar/comprobantes"
              selected={creditedVoucher}
              searchIntent="credited"
              results={search?.intent === 'credited' ? search.results : undefined}
              searchTerm={search?.intent === 'credited' ? search.term : undefined}
              placeholder="Serie-número, R.U.C. o razón social"
            />
          ) : null}
          <TextField
            meta={fields.series}
            label="Serie"
            required
            maxLength={4}
            placeholder="F001"
            autoComplete="off"
          />
          <TextField
            meta={fields.number}
            label="Número"
            required
            maxLength={8}
            inputMode="numeric"
            autoComplete="off"
          />
          <DateField meta={fields.issueDate} label="Fecha de emisión" required />
          <DateField meta={fields.dueDate} label="Fecha de vencimiento" required />
          <TextField
            meta={fields.recordingPeriod}
            label="Periodo de registro"
            maxLength={6}
            inputMode="numeric"
            placeholder="AAAAMM"
            autoComplete="off"
            help="Mes del Registro de Compras (AAAAMM). Vacío: el mes de emisión. El plazo de la detracción corre desde este periodo."
          />
        </FormCard>
        <FormCard title="Importes" columns={2}>
          <SelectField
            meta={fields.currency}
            label="Moneda"
            required
            options={CURRENCY_OPTIONS}
            help="Los importes van en la moneda del comprobante; en dólares, la detracción y la retención se calculan en soles con el tipo de cambio SBS."
          />
          <TextField meta={fields.base} label="Base imponible" required inputMode="decimal" maxLength={15} />
          <TextField meta={fields.igv} label="IGV" required inputMode="decimal" maxLength={15} />
          <TextField
            meta={fields.total}
            label="Total"
            required
            inputMode="decimal"
            maxLength={15}
            help="Base imponible más IGV, con punto decimal y sin comas."
          />
        </FormCard>
        <FormCard title="Detalle">
          <TextField meta={fields.description} label="Descripción" required maxLength={500} />
          <SelectField meta={fields.expenseLineId} label="Línea de gasto" required options={expenseLines} />
          <FileField meta={fields.pdf} label={VOUCHER_PDF_LABEL} required accept={PDF_ACCEPT} />
        </FormCard>
        <FormActions backTo="/pagos" busy={busy} />
      </SchemaForm>
    </FormPage>
  )
}

/** 'Leer XML': the supplier's XML, read to fill the form, and what it said beyond the fields. */
function XmlCard({ meta, read }: { meta: FieldMetadata<string>; read: CpeDocument | undefined }) {
  return (
    <FormCard title="Comprobante electrónico (XML)">
      <FileField
        meta={meta}
        label={VOUCHER_XML_LABEL}
        accept={XML_ACCEPT}
        remind={!read}
        help={
          read
            ? 'XML leído: al guardar, vuelva a elegir el archivo para adjuntarlo al comprobante.'
            : 'Elija el XML y pulse «Leer XML» para llenar el formulario con sus datos.'
        }
        beside={
          <button
            type="submit"
            name="intent"
            value="xml"
            formNoValidate
            className="rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Leer XML
          </button>
        }
      />
      {read ? <XmlSummary cpe={read} /> : null}
    </FormCard>
  )
}

/** What the XML says beyond the form's fields: the parties, the detracción and the instalments. */
function XmlSummary({ cpe }: { cpe: CpeDocument }) {
  const items = [
    { label: 'Emisor', value: `${cpe.issuer.name} (R.U.C. ${cpe.issuer.ruc})` },
    { label: 'Receptor', value: `${cpe.receiver.name} (R.U.C. ${cpe.receiver.ruc})` },
    ...declaredTermsItems(cpe),
  ]
  return (
    <dl aria-label="Datos leídos del XML" className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      {items.map((item) => (
        <Fragment key={item.label}>
          <dt className="font-medium text-slate-600">{item.label}</dt>
          <dd className="break-words">{item.value ?? '---'}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

export const ErrorBoundary = RouteErrorBoundary
