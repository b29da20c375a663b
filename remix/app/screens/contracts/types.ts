/** A contract as the API's list answers it. */
export type ContractRow = {
  id: number
  number: string
  employeeId: number
  employeeCode: string
  identifierType: number
  identifier: string
  fullName: string
  companyId: number
  companyName: string
  areaId: number
  areaName: string
  positionId: number
  positionName: string
  contractType: number
  startDate: string
  finishDate: string | null
  baseSalary: number
  familyAllowance: boolean
  familyAllowanceAmount: number
  totalSalary: number
  status: number
  closedOn: string | null
  closeReason: string | null
  closedBy: string | null
  renewsContractId: number | null
  createdAt: string
  updatedAt: string
  createdBy: string | null
}

/** One contract (GET /contracts/{id}): the row plus the contract it renews and its successor. */
export type ContractDetail = ContractRow & {
  renewsContractNumber: string | null
  renewedById: number | null
  renewedByNumber: string | null
}

/** What POST /contracts/preview answers while the form is filled. */
export type ContractPreview = {
  employee: {
    id: number
    code: string
    identifierType: number
    identifier: string
    fullName: string
    status: number
  } | null
  currentContract: {
    id: number
    number: string
    status: number
    startDate: string
    finishDate: string | null
  } | null
  alert: string | null
  finishDate: string | null
  familyAllowanceAmount: number | null
  totalSalary: number | null
  warnings: string[]
}

/** The prefill of 'Renovar' (GET /contracts/{id}/renewal). */
export type RenewalPrefill = {
  renewsContractId: number
  renewsContractNumber: string
  employeeId: number
  contractType: number
  startDate: string
  finishDate: string | null
  companyId: number
  areaId: number
  positionId: number
  baseSalary: number
  familyAllowance: boolean
  warnings: string[]
}
