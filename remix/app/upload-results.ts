import {
  BATCH_STATUS,
  batchStatus,
  type ConstanciaBatchRow,
  countOf,
  enumLabel,
  formatCount,
  type PadronLoadRow,
  type PaymentBatchRow,
  type PayrollBatchRow,
  paymentBatchStatus,
  type VoucherBatchRow,
} from '@planillas/domain'

/** The search parameter an accepted upload returns to its list with: the new batch's id. */
export const RECEIVED_PARAM = 'carga'

/** A finished payroll upload's result: 'PROCESADO', or 'CON ERRORES (3 errores)'. */
export const payrollUploadResult = (r: Pick<PayrollBatchRow, 'status' | 'errorCount'>) =>
  r.status === BATCH_STATUS.FAILED
    ? `${enumLabel(batchStatus, r.status)} (${countOf(r.errorCount, 'error')})`
    : enumLabel(batchStatus, r.status)

/** A finished payments upload's result: 'PROCESADO (3 de 3 abonados)'. */
export const paymentUploadResult = (r: Pick<PaymentBatchRow, 'status' | 'matchedCount' | 'rowsRead'>) =>
  `${enumLabel(paymentBatchStatus, r.status)} (${formatCount(r.matchedCount)} de ${formatCount(r.rowsRead)} abonados)`

/** A finished vouchers upload's result: 'PROCESADO (3 comprobantes registrados)' or 'CON ERRORES (2 errores)'. */
export const voucherUploadResult = (r: Pick<VoucherBatchRow, 'status' | 'errorCount' | 'voucherCount'>) =>
  r.status === BATCH_STATUS.FAILED
    ? `${enumLabel(batchStatus, r.status)} (${countOf(r.errorCount, 'error')})`
    : `${enumLabel(batchStatus, r.status)} (${countOf(r.voucherCount, 'comprobante')} registrados)`

/** A finished constancias upload's result: 'PROCESADO (3 depósitos registrados, 1 fila sin registrar)' or 'CON ERRORES (2 errores)'. */
export const constanciaUploadResult = (
  r: Pick<ConstanciaBatchRow, 'status' | 'errorCount' | 'matchedCount'>,
) =>
  r.status === BATCH_STATUS.FAILED
    ? `${enumLabel(batchStatus, r.status)} (${countOf(r.errorCount, 'error')})`
    : `${enumLabel(batchStatus, r.status)} (${countOf(r.matchedCount, 'depósito registrado', 'depósitos registrados')}, ${countOf(r.errorCount, 'fila sin registrar', 'filas sin registrar')})`
/** A finished padrón load's result: 'PROCESADO (18,342,483 RUC)' or 'CON ERRORES (1 error)'. */
export const padronUploadResult = (r: Pick<PadronLoadRow, 'status' | 'errorCount' | 'rucCount'>) =>
  r.status === BATCH_STATUS.FAILED
    ? `${enumLabel(batchStatus, r.status)} (${countOf(r.errorCount, 'error')})`
    : `${enumLabel(batchStatus, r.status)} (${formatCount(r.rucCount)} RUC)`
