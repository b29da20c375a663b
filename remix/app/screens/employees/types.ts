/** The employee as the API's list answers it. */
export type EmployeeRow = {
  id: number
  code: string
  identifierType: number
  identifier: string
  name: string
  surname: string
  fullName: string
  companyId: number | null
  companyName: string | null
  areaId: number | null
  areaName: string | null
  positionId: number | null
  positionName: string | null
  status: number
}

/** One employee with the names of what it refers to (GET /employees/{id}). */
export type EmployeeDetail = EmployeeRow & {
  birthDate: string | null
  address: string | null
  ubigeo: string | null
  ubigeoDescription: string | null
  nationality: string | null
  nationalityName: string | null
  gender: number | null
  personalPhone: string | null
  personalEmail: string | null
  emergencyContact: string | null
  emergencyPhoneNumber: string | null
  bankIdentifierType: number | null
  bankIdentifier: string | null
  bankHolder: string | null
  bankId: string | null
  bankName: string | null
  bankAccount: string | null
  accountType: number | null
  bankInterAccount: string | null
  detractionAccount: string | null
  bankAccountVerified: boolean
  bankAccountVerifiedBy: string | null
  bankAccountVerifiedAt: string | null
  createdAt: string
  updatedAt: string
  /** VIGENTE or POR VENCER; null without one (GET /employees/{id} only). */
  currentContract?: {
    id: number
    number: string
    contractType: number
    startDate: string
    finishDate: string | null
    status: number
    companyId: number
    areaId: number
    positionId: number
  } | null
}

export type Option = { value: string; label: string }
export type Catalogs = { areas: Option[]; positions: Option[]; companies: Option[] }
