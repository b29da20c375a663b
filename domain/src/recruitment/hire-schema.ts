import { z } from 'zod'
import { contractCrossChecks, contractFields } from '../contracts/contract-schema'
import { CONTRACT_MESSAGES } from '../contracts/contracts'
import { employeeCrossChecks, employeeFields } from '../employees/employee-schema'

/** What hiring an applicant answers besides the employee's and the contract's own messages. */
export const HIRE_MESSAGES = {
  /** The contract's refusal, in the specified words: the document's employee already has a current contract. */
  alreadyCurrent: CONTRACT_MESSAGES.alreadyCurrent,
  alreadyHired: 'Este postulante ya fue contratado',
  hired: 'Postulante contratado: se registraron el colaborador y su contrato',
} as const

const { employeeId: _employee, renewsContractId: _renews, ...contractTerms } = contractFields

/**
 * 'Contratar': the employee form's fields and the contract form's terms in one body.
 * The company, area and position are the contract's (required), which the employee then holds;
 * each form's own cross-field rules run as they do on their own form.
 */
export const HireSchema = z.object({ ...employeeFields, ...contractTerms }).superRefine(
  (input, ctx) => {
    employeeCrossChecks(input, ctx)
    contractCrossChecks(input, ctx)
  },
  { when: () => true },
)
export type HireInput = z.output<typeof HireSchema>
export type HireFormInput = z.input<typeof HireSchema>
