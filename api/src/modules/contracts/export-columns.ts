import { contractDuration, contractStatus, enumLabel, identifierType, yesNoLabel } from '@planillas/domain'
import type { ExportColumn } from '../../lib/xlsx'
import type { ContractRow } from './queries'

/**
 * The columns of 'Descargar': the list's columns with labels, then the rest of the contract. Empty
 * values are blank cells ('---' would be taken for a formula and escaped).
 */
export const contractExportColumns: ExportColumn<ContractRow>[] = [
  { header: 'N° de contrato', width: 18, value: (r) => r.number },
  { header: 'Tipo de documento', width: 18, value: (r) => enumLabel(identifierType, r.identifierType) },
  { header: 'Número de documento', width: 18, value: (r) => r.identifier },
  { header: 'Colaborador', width: 36, value: (r) => r.fullName },
  { header: 'Empresa', width: 34, value: (r) => r.companyName },
  { header: 'Área', width: 24, value: (r) => r.areaName },
  { header: 'Cargo', width: 26, value: (r) => r.positionName },
  { header: 'Fecha de inicio', width: 14, date: 'date', value: (r) => r.startDate },
  { header: 'Fecha de fin', width: 14, date: 'date', value: (r) => r.finishDate },
  { header: 'Duración del contrato', width: 16, value: (r) => enumLabel(contractDuration, r.contractType) },
  { header: 'Sueldo Base (S/)', width: 16, money: true, value: (r) => r.baseSalary },
  { header: 'Asignación familiar', width: 12, value: (r) => yesNoLabel(r.familyAllowance) },
  { header: 'Sueldo Total (S/)', width: 16, money: true, value: (r) => r.totalSalary },
  { header: 'Estado', width: 14, value: (r) => enumLabel(contractStatus, r.status) },
  { header: 'Fecha de cese', width: 14, date: 'date', value: (r) => r.closedOn },
  { header: 'Motivo', width: 40, value: (r) => r.closeReason },
]
