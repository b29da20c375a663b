import { IDENTIFIER_TYPE } from '../../common/identifiers'
import type { PaymentFileLine } from './common'

/**
 * The payment files' tests' line: row 2, José Pérez Ñahui (DNI), S/ 1,500.50 to his BCP savings
 * account, neither paid nor awaiting review; `over` sets the rest. It lives beside the files it feeds
 * because domain/ imports nothing of testing/; no production module imports it.
 */
export const paymentLine = (over: Partial<PaymentFileLine> = {}): PaymentFileLine => ({
  rowNumber: 2,
  identifierType: IDENTIFIER_TYPE.DNI,
  identifier: '45678912',
  fullName: 'Pérez Ñahui, José',
  bankCode: '002',
  bankAccount: '19112345678012',
  bankInterAccount: null,
  amount: '1500.50',
  paid: false,
  awaitingReview: false,
  ...over,
})
