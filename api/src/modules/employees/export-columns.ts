import {
  accountType,
  EMPTY,
  employeeStatus,
  enumLabel,
  identifierType,
  orEmpty,
  sex,
  yesNoLabel,
} from '@planillas/domain'
import type { ExportColumn } from '../../lib/xlsx'
import type { EmployeeDetail } from './queries'

type Row = NonNullable<EmployeeDetail>

/** The exported workbook shows labels, never codes. */
const columns: ExportColumn<Row>[] = [
  { header: 'Código', width: 13, value: (r) => r.code },
  { header: 'Tipo de documento', width: 22, value: (r) => enumLabel(identifierType, r.identifierType) },
  { header: 'Número de documento', width: 18, value: (r) => r.identifier },
  { header: 'Nombres', width: 25, value: (r) => r.name },
  { header: 'Apellidos', width: 25, value: (r) => r.surname },
  { header: 'Empresa', width: 35, value: (r) => orEmpty(r.companyName) },
  { header: 'Área', width: 25, value: (r) => orEmpty(r.areaName) },
  { header: 'Cargo', width: 25, value: (r) => orEmpty(r.positionName) },
  { header: 'Estado', width: 15, value: (r) => enumLabel(employeeStatus, r.status) },
  { header: 'Fecha de nacimiento', width: 18, date: 'date', value: (r) => r.birthDate },
  { header: 'Sexo', width: 12, value: (r) => enumLabel(sex, r.gender) },
  { header: 'Nacionalidad', width: 20, value: (r) => orEmpty(r.nationalityName) },
  { header: 'Dirección', width: 40, value: (r) => orEmpty(r.address) },
  { header: 'Ubigeo', width: 40, value: (r) => orEmpty(r.ubigeoDescription) },
  { header: 'Celular', width: 12, value: (r) => orEmpty(r.personalPhone) },
  { header: 'Correo electrónico', width: 30, value: (r) => orEmpty(r.personalEmail) },
  { header: 'Contacto de emergencia', width: 30, value: (r) => orEmpty(r.emergencyContact) },
  { header: 'Teléfono de emergencia', width: 16, value: (r) => orEmpty(r.emergencyPhoneNumber) },
  { header: 'Banco', width: 30, value: (r) => orEmpty(r.bankName) },
  { header: 'Tipo de cuenta', width: 14, value: (r) => enumLabel(accountType, r.accountType) },
  { header: 'Número de cuenta', width: 22, value: (r) => orEmpty(r.bankAccount) },
  { header: 'CCI', width: 24, value: (r) => orEmpty(r.bankInterAccount) },
  { header: 'Cuenta de detracción', width: 22, value: (r) => orEmpty(r.detractionAccount) },
  { header: 'Datos bancarios confirmados', width: 14, value: (r) => yesNoLabel(r.bankAccountVerified) },
  { header: 'Confirmado por', width: 30, value: (r) => orEmpty(r.bankAccountVerifiedBy) },
  { header: 'Fecha de creación', width: 20, date: 'dateTime', value: (r) => r.createdAt },
]

/** An empty value is an empty cell (the screens' '---' would read as a formula and get escaped). */
export const employeeExportColumns: ExportColumn<Row>[] = columns.map((c) => ({
  ...c,
  value: (r: Row) => {
    const v = c.value(r)
    return v === EMPTY ? '' : v
  },
}))
