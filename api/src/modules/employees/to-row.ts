import { bankHolderOf, type EmployeeInput } from '@planillas/domain'
import type { EmployeeRow } from './queries'

/** The columns a create or update writes; the bank section's document and holder copy the personal data. */
export function toEmployeeRow(input: EmployeeInput): Omit<EmployeeRow, 'bankAccountVerified'> {
  return {
    identifierType: input.identifierType,
    identifier: input.identifier,
    name: input.name,
    surname: input.surname,
    birthDate: input.birthDate,
    address: input.address,
    ubigeo: input.ubigeo,
    nationality: input.nationality,
    gender: input.gender,
    companyId: input.companyId ?? null,
    areaId: input.areaId ?? null,
    positionId: input.positionId ?? null,
    personalPhone: input.personalPhone,
    personalEmail: input.personalEmail,
    emergencyContact: input.emergencyContact,
    emergencyPhoneNumber: input.emergencyPhoneNumber,
    bankIdentifierType: input.identifierType,
    bankIdentifier: input.identifier,
    bankHolder: bankHolderOf(input.name, input.surname),
    bankId: input.bankId,
    bankAccount: input.bankAccount,
    accountType: input.accountType,
    bankInterAccount: input.bankInterAccount,
    detractionAccount: input.detractionAccount,
  }
}
