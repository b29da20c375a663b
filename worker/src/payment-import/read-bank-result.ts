/**
 * The bank's processed-payroll result read as a payments file. The rule is pure and
 * lives in the domain, because the API's upload check recognises the same header.
 */
export { BANK_RESULT_MESSAGES, type BankResultRow, bankResultMapper } from '@planillas/domain'
