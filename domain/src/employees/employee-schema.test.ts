import { describe, expect, it } from 'vitest'
import '../common/zod-locale'
import { bankHolderOf, EmployeeFilterSchema, EmployeeSchema } from './employee-schema'

const validEmployee = {
  identifierType: 1,
  identifier: '45678912',
  name: 'María Elena',
  surname: 'Quispe Mamani',
  birthDate: '1990-05-14',
  address: 'Av. Arequipa 1234, dpto. 501',
  ubigeo: '150122',
  nationality: 'pe',
  gender: 2,
  personalPhone: '987654321',
  personalEmail: 'maria.quispe@example.pe',
  emergencyContact: 'Juan Quispe (padre)',
  emergencyPhoneNumber: '912345678',
  bankId: '002',
  bankAccount: '19112345678012',
  accountType: 3,
  // The CCI BCP gives this account (office 191, then its other 11 digits).
  bankInterAccount: '00219101234567801251',
  detractionAccount: '',
  bankAccountVerified: false,
}

/** The messages of a failed parse, by field. */
function problems(input: Record<string, unknown>) {
  const result = EmployeeSchema.safeParse(input)
  if (result.success) return {}
  const byField: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.join('.')
    byField[field] = [...(byField[field] ?? []), issue.message]
  }
  return byField
}

describe('EmployeeSchema', () => {
  it('accepts a complete employee and normalises it', () => {
    const parsed = EmployeeSchema.parse({ ...validEmployee, identifier: ' 45678912 ' })
    expect(parsed).toMatchObject({ identifier: '45678912', nationality: 'PE', detractionAccount: null })
  })

  it('refuses a valid CCI that belongs to another account of a bank that builds CCIs from accounts', () => {
    expect(problems({ ...validEmployee, bankAccount: '19112345678013' }).bankInterAccount).toEqual([
      'El CCI no corresponde al número de cuenta: en este banco el CCI contiene la cuenta',
    ])
    // Banco de la Nación: no confirmed rule, so no refusal (the pair awaits a person's confirmation).
    expect(
      problems({
        ...validEmployee,
        bankId: '018',
        bankAccount: '04005880586',
        bankInterAccount: '01800000400588058608',
      }).bankInterAccount,
    ).toBeUndefined()
  })

  it('reports every required field with its message at once', () => {
    expect(problems({})).toEqual({
      identifierType: ['Tipo de documento es requerido'],
      identifier: ['Número de documento es requerido'],
      name: ['Nombres son requeridos'],
      surname: ['Apellidos son requeridos'],
      birthDate: ['Fecha de nacimiento es requerida'],
      address: ['Dirección es requerida'],
      ubigeo: ['Ubigeo es requerido'],
      nationality: ['Nacionalidad es requerido'],
      gender: ['Sexo es requerido'],
      personalPhone: ['Celular es requerido'],
      personalEmail: ['Correo electrónico es requerido'],
      bankId: ['Banco es requerido'],
      bankAccount: ['Número de cuenta es requerido'],
      accountType: ['Tipo de cuenta es requerido'],
    })
  })

  it.each([
    [{ identifier: '4567891A' }, 'identifier', 'Número de documento debe tener un valor numérico'],
    [{ identifier: '4567891' }, 'identifier', 'El DNI debe tener 8 dígitos'],
    [
      { identifierType: 6, identifier: '20131312956' },
      'identifier',
      'RUC inválido: el dígito verificador no corresponde',
    ],
    [{ identifierType: 24 }, 'identifierType', 'Tipo de documento es requerido'],
    [{ personalPhone: '98765432' }, 'personalPhone', 'Ingresa un celular válido de 9 dígitos'],
    [{ personalPhone: '887654321' }, 'personalPhone', 'Celular debe empezar con 9'],
    [{ personalPhone: '98765432x' }, 'personalPhone', 'Celular debe ser un valor numérico'],
    [
      { emergencyPhoneNumber: '12345678' },
      'emergencyPhoneNumber',
      'Ingrese un teléfono de emergencia válido de 9 dígitos',
    ],
    [
      { emergencyPhoneNumber: '812345678' },
      'emergencyPhoneNumber',
      'Teléfono de emergencia debe empezar con 9',
    ],
    [{ personalEmail: 'maria@' }, 'personalEmail', 'Ingresa un correo electrónico válido'],
    [{ bankInterAccount: '00212345678901234567' }, 'bankInterAccount', 'Número de CCI inválido'],
    [{ bankInterAccount: '0021234567890123456' }, 'bankInterAccount', 'Número de CCI debe tener 20 dígitos'],
    [
      { bankInterAccount: '0021234567890123456X' },
      'bankInterAccount',
      'Número de CCI debe ser un valor numérico',
    ],
    [{ bankId: '011' }, 'bankInterAccount', 'El CCI no corresponde al banco seleccionado'],
    [
      { bankAccount: '123456789012345678901' },
      'bankAccount',
      'Número de cuenta admite como máximo 20 dígitos',
    ],
    [{ bankAccount: '1234-5678' }, 'bankAccount', 'Número de cuenta debe ser un valor numérico'],
    [{ accountType: 2 }, 'accountType', 'Tipo de cuenta es requerido'],
    [{ detractionAccount: '12a' }, 'detractionAccount', 'Cuenta de detracción debe ser un valor numérico'],
    [{ birthDate: '2999-01-01' }, 'birthDate', 'Fecha de nacimiento no puede ser posterior a hoy'],
    [{ birthDate: '14/05/1990' }, 'birthDate', 'Fecha de nacimiento inválida'],
    [{ ubigeo: 'LIMA' }, 'ubigeo', 'Ubigeo inválido'],
    [
      { name: 'N'.repeat(100), surname: 'S'.repeat(100) },
      'bankHolder',
      'Titular de la cuenta admite como máximo 200 caracteres (nombres y apellidos)',
    ],
  ])('%o → %s: %s', (change, field, message) => {
    expect(problems({ ...validEmployee, ...change })).toEqual({ [field]: [message] })
  })

  it('shows a type rule together with other fields’ problems', () => {
    expect(problems({ ...validEmployee, identifier: '123', name: '' })).toEqual({
      identifier: ['El DNI debe tener 8 dígitos'],
      name: ['Nombres son requeridos'],
    })
  })

  it('builds the holder from names and surnames', () => {
    expect(bankHolderOf(' María Elena ', 'Quispe Mamani')).toBe('María Elena Quispe Mamani')
  })
})

describe('EmployeeFilterSchema', () => {
  it('accepts single ids and arrays, and refuses a bad range', () => {
    expect(EmployeeFilterSchema.parse({ areaIds: 3, roleIds: ['1', 2] })).toMatchObject({
      areaIds: [3],
      roleIds: [1, 2],
    })
    const bad = EmployeeFilterSchema.safeParse({
      contractInitiation: { from: '2025-02-01', to: '2025-01-01' },
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].message).toBe('La fecha inicial no puede ser mayor a la final')
    expect(EmployeeFilterSchema.safeParse({ status: 3 }).error?.issues[0].message).toBe('Estado inválido')
  })
})
