import { VOUCHER_MESSAGES as M } from '@planillas/domain'
import { z } from 'zod'

/** A voucher's PDF and XML, as 'Registrar comprobante' and 'Adjuntar PDF' ask for them. */
export const VOUCHER_PDF_LABEL = 'PDF del comprobante (.pdf, hasta 10 MB)'
export const VOUCHER_XML_LABEL = 'XML del comprobante (opcional)'

/** The PDF a voucher needs before it is authorized: a file was chosen (the API reads what it is). */
export const VoucherPdfSchema = z
  .instanceof(File, { error: M.pdfRequired })
  .refine((file) => file.size > 0, M.pdfRequired)

/** The API's refusals of a voucher's files that belong beside the PDF or the XML field. */
export const FIELD_OF_FILE_MESSAGE: Record<string, string> = {
  [M.pdfRequired]: 'pdf',
  [M.pdfType]: 'pdf',
  [M.pdfUnreadable]: 'pdf',
  [M.xmlType]: 'xml',
}
