import type { paymentBatches } from './abonos'
import type { padronLoads } from './padrones'
import type { payrollBatches } from './payroll'
import type { constanciaBatches, voucherBatches } from './voucher-batches'

/** The tables of uploaded batches: each row is a file a clerk uploaded and the state of its job. */
export type BatchTable =
  | typeof payrollBatches
  | typeof paymentBatches
  | typeof voucherBatches
  | typeof constanciaBatches
  | typeof padronLoads
