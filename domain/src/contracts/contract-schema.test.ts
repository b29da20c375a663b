import { describe, expect, it } from 'vitest'
import '../common/zod-locale'
import { getZodConstraint } from '@conform-to/zod/v4'
import { ContractFilterSchema, ContractSchema, ContractStatusBodySchema } from './contract-schema'

const valid = {
  employeeId: '3',
  contractType: '1',
  startDate: '2026-01-31',
  positionId: '2',
  areaId: '4',
  companyId: '1',
  baseSalary: '2500.50',
}

const messagesOf = (input: unknown) => {
  const result = ContractSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('ContractSchema', () => {
  it('gives every required-field message for an empty form', () => {
    expect(messagesOf({ contractType: '1' })).toEqual([
      'employeeId: Colaborador es requerido',
      'startDate: Fecha de Inicio es requerido',
      'positionId: Cargo es requerido',
      'areaId: Área es requerida',
      'companyId: Empresa es requerida',
      'baseSalary: Sueldo Base es requerido',
      'finishDate: Fecha de fin es requerido',
    ])
    expect(messagesOf({ ...valid, contractType: '' })).toEqual([
      'contractType: Duración del Contrato es requerido',
    ])
  })

  it('asks for the end date only when the contract is not indefinite', () => {
    expect(messagesOf({ ...valid, startDate: '' })).toEqual([
      'startDate: Fecha de Inicio es requerido',
      'finishDate: Fecha de fin es requerido',
    ])
    expect(messagesOf({ ...valid, startDate: '', contractType: '5' })).toEqual([
      'startDate: Fecha de Inicio es requerido',
    ])
  })

  it('wants a numeric base salary', () => {
    expect(messagesOf({ ...valid, baseSalary: 'mil' })).toEqual(['baseSalary: El campo debe ser numérico'])
    expect(messagesOf({ ...valid, baseSalary: '1,500' })).toEqual(['baseSalary: El campo debe ser numérico'])
    expect(messagesOf({ ...valid, baseSalary: '1500.555' })).toEqual([
      'baseSalary: Sueldo Base admite como máximo 2 decimales',
    ])
    expect(messagesOf({ ...valid, baseSalary: '0' })).toEqual([
      'baseSalary: Sueldo Base debe ser mayor a cero',
    ])
    expect(messagesOf({ ...valid, baseSalary: 1800 })).toEqual([])
  })

  it('refuses impossible start dates', () => {
    expect(messagesOf({ ...valid, startDate: '2026-02-30' })).toEqual([
      'startDate: Fecha de Inicio inválida',
      'finishDate: Fecha de fin es requerido',
    ])
  })

  it('reads the form values into numbers and a boolean', () => {
    const parsed = ContractSchema.parse({ ...valid, familyAllowance: 'on' })
    expect(parsed).toMatchObject({
      employeeId: 3,
      contractType: 1,
      startDate: '2026-01-31',
      baseSalary: 2500.5,
      familyAllowance: true,
    })
    expect(ContractSchema.parse({ ...valid, contractType: 5 }).familyAllowance).toBe(false)
  })

  it('gives conform its constraints (no root transform)', () => {
    const constraint = getZodConstraint(ContractSchema)
    expect(constraint.employeeId?.required).toBe(true)
    expect(constraint.familyAllowance?.required).toBe(false)
  })
})

describe('contract filters and status body', () => {
  it('reads ids as lists and checks status and duration codes', () => {
    expect(ContractFilterSchema.parse({ companyIds: 2, areaIds: ['1', '3'], status: '2' })).toMatchObject({
      companyIds: [2],
      areaIds: [1, 3],
      status: 2,
    })
    expect(ContractFilterSchema.safeParse({ status: 9 }).success).toBe(false)
    expect(ContractFilterSchema.safeParse({ contractType: 6 }).success).toBe(false)
  })

  it('defaults the status body and trims the reason', () => {
    expect(ContractStatusBodySchema.parse(undefined)).toEqual({ reason: null, date: null })
    expect(ContractStatusBodySchema.parse({ reason: '  Falta grave ', date: '2026-03-01' })).toEqual({
      reason: 'Falta grave',
      date: '2026-03-01',
    })
    expect(ContractStatusBodySchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false)
  })
})
