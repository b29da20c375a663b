import {
  contractDuration,
  contractStatus,
  enumLabel,
  formatDate,
  formatMoney,
  yesNoLabel,
} from '@planillas/domain'
import type { ContractDetail } from './queries'

/** 'CT-2026-000012 de COL-000034 María Elena Quispe Mamani' */
export const contractLabel = (c: ContractDetail) => `${c.number} de ${c.employeeCode} ${c.fullName}`

/** The contract as an auditor reads it: labels, names, dates DD/MM/YYYY and soles. */
export function auditView(c: ContractDetail): Record<string, string> {
  return {
    employee: `${c.employeeCode} ${c.fullName}`,
    contractType: enumLabel(contractDuration, c.contractType),
    startDate: formatDate(c.startDate),
    finishDate: formatDate(c.finishDate),
    company: c.companyName,
    area: c.areaName,
    position: c.positionName,
    baseSalary: formatMoney(c.baseSalary),
    familyAllowance: yesNoLabel(c.familyAllowance),
    totalSalary: formatMoney(c.totalSalary),
    status: enumLabel(contractStatus, c.status),
  }
}

export const AUDIT_LABELS: Record<keyof ReturnType<typeof auditView>, string> = {
  employee: 'Colaborador',
  contractType: 'Duración',
  startDate: 'Fecha de inicio',
  finishDate: 'Fecha de fin',
  company: 'Empresa',
  area: 'Área',
  position: 'Cargo',
  baseSalary: 'Sueldo base',
  familyAllowance: 'Asignación familiar',
  totalSalary: 'Sueldo total',
  status: 'Estado',
}

/** What a create entry says: who, how long, from when to when, for how much. */
export function creationText(c: ContractDetail): string {
  const period = c.finishDate
    ? `del ${formatDate(c.startDate)} al ${formatDate(c.finishDate)}`
    : `desde el ${formatDate(c.startDate)}`
  return (
    `Registró el contrato ${contractLabel(c)}: ${enumLabel(contractDuration, c.contractType)} ${period}, ` +
    `${c.companyName} / ${c.areaName} / ${c.positionName}, sueldo total ${formatMoney(c.totalSalary)}, ` +
    `estado ${enumLabel(contractStatus, c.status)}`
  )
}
