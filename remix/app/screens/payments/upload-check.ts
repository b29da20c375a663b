import {
  PAYMENT_UPLOAD_MESSAGES as M,
  PAYMENT_LIMITS,
  PaymentBatchFieldsSchema,
  SupplierPaymentBatchFieldsSchema,
} from '@planillas/domain'

/** The text fields of each abonos form and the schema the API checks them with. */
const FORMS = {
  payroll: { keys: ['payrollNumber', 'payrollDesc', 'paymentDate'], schema: PaymentBatchFieldsSchema },
  suppliers: {
    keys: ['orderNumber', 'description', 'paymentDate'],
    schema: SupplierPaymentBatchFieldsSchema,
  },
} as const

/**
 * With JavaScript, what the browser can tell before sending anything: the fields (the shared
 * schema), the Excel's presence, extension and size, the receipts' extensions and sizes. The API
 * checks all of it again, and the contents.
 */
export function clientProblems(form: HTMLFormElement, kind: keyof typeof FORMS = 'payroll'): ClientProblems {
  const data = new FormData(form)
  const fields: Record<string, string> = {}
  for (const key of FORMS[kind].keys) {
    const value = String(data.get(key) ?? '')
    if (value.trim()) fields[key] = value
  }
  const parsed = FORMS[kind].schema.safeParse(fields)
  const fieldMessages = parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))]
  const messages: string[] = []
  const file = data.get('file')
  if (!(file instanceof File) || !file.name) messages.push(M.file)
  else {
    if (!/\.xlsx$/i.test(file.name)) messages.push(M.fileExtension)
    if (file.size > PAYMENT_LIMITS.maxFileBytes) messages.push(M.fileSize)
  }
  const receipts = data.getAll('records').filter((r): r is File => r instanceof File && Boolean(r.name))
  if (receipts.length > PAYMENT_LIMITS.maxReceipts) messages.push(M.tooManyReceipts)
  for (const r of receipts) {
    if (!/\.pdf$/i.test(r.name)) messages.push(M.receiptExtension(r.name))
    else if (r.size > PAYMENT_LIMITS.maxReceiptBytes) messages.push(M.receiptSize(r.name))
  }
  return { fields: fieldMessages, files: messages, payrollNumber: fields.payrollNumber?.trim() ?? '' }
}

/** The browser's findings: the fields' problems, then the files'; the payroll number asked about. */
export type ClientProblems = { fields: string[]; files: string[]; payrollNumber: string }

/** Every problem in the order the API lists them: fields, the payroll, then the files. */
export const problemList = (p: ClientProblems, payrollProblem: string | null) => [
  ...p.fields,
  ...(payrollProblem ? [payrollProblem] : []),
  ...p.files,
]
