import { accountType, enumLabel, identifierType, orEmpty, sex, yesNoLabel } from '@planillas/domain'
import type { EmployeeDetail } from './queries'

type Detail = NonNullable<EmployeeDetail>

/** The employee as an auditor reads it: labels and names instead of codes and ids. */
export function auditView(e: Detail): Record<string, string> {
  return {
    identifierType: enumLabel(identifierType, e.identifierType),
    identifier: e.identifier,
    name: e.name,
    surname: e.surname,
    birthDate: orEmpty(e.birthDate),
    address: orEmpty(e.address),
    ubigeo: orEmpty(e.ubigeoDescription),
    nationality: orEmpty(e.nationalityName),
    gender: enumLabel(sex, e.gender),
    company: orEmpty(e.companyName),
    area: orEmpty(e.areaName),
    position: orEmpty(e.positionName),
    personalPhone: orEmpty(e.personalPhone),
    personalEmail: orEmpty(e.personalEmail),
    emergencyContact: orEmpty(e.emergencyContact),
    emergencyPhoneNumber: orEmpty(e.emergencyPhoneNumber),
    bank: orEmpty(e.bankName),
    bankAccount: orEmpty(e.bankAccount),
    accountType: enumLabel(accountType, e.accountType),
    bankInterAccount: orEmpty(e.bankInterAccount),
    detractionAccount: orEmpty(e.detractionAccount),
    bankAccountVerified: yesNoLabel(e.bankAccountVerified),
  }
}

export const AUDIT_LABELS: Record<keyof ReturnType<typeof auditView>, string> = {
  identifierType: 'Tipo de documento',
  identifier: 'Número de documento',
  name: 'Nombres',
  surname: 'Apellidos',
  birthDate: 'Fecha de nacimiento',
  address: 'Dirección',
  ubigeo: 'Ubigeo',
  nationality: 'Nacionalidad',
  gender: 'Sexo',
  company: 'Empresa',
  area: 'Área',
  position: 'Cargo',
  personalPhone: 'Celular',
  personalEmail: 'Correo electrónico',
  emergencyContact: 'Contacto de emergencia',
  emergencyPhoneNumber: 'Teléfono de emergencia',
  bank: 'Banco',
  bankAccount: 'Número de cuenta',
  accountType: 'Tipo de cuenta',
  bankInterAccount: 'CCI',
  detractionAccount: 'Cuenta de detracción',
  bankAccountVerified: 'Datos bancarios confirmados',
}

export const employeeLabel = (e: Pick<Detail, 'code' | 'name' | 'surname'>) =>
  `${e.code} '${e.name} ${e.surname}'`

/** Who confirmed which account: bank, account number and CCI. */
export const confirmationText = (e: Detail) =>
  `Confirmó los datos bancarios del colaborador ${employeeLabel(e)}: ${orEmpty(e.bankName)}, cuenta ${orEmpty(e.bankAccount)} (${enumLabel(accountType, e.accountType)}), CCI ${orEmpty(e.bankInterAccount)}`

export const withdrawalText = (e: Detail) =>
  `Retiró la confirmación de los datos bancarios del colaborador ${employeeLabel(e)}`
