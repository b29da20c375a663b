import { loadReferenceData } from '@planillas/db/reference'
import { buildCci } from '@planillas/domain'
import { createTestApp, type TestApp } from './app'

/** A test API whose database holds the reference data (districts, countries, banks). */
export async function createEmployeeTestApp(
  overrides?: Parameters<typeof createTestApp>[0],
): Promise<TestApp> {
  const t = await createTestApp(overrides)
  await loadReferenceData(t.handle.db)
  return t
}

let sequence = 0

/** A valid employee body; every call gets its own DNI, phone and account unless overridden. */
export function employeeBody(overrides: Record<string, unknown> = {}) {
  sequence++
  const account = String(1_000_000_000 + sequence * 7_919)
  return {
    identifierType: 1,
    identifier: String(70_000_000 + sequence * 131),
    name: 'María Elena',
    surname: 'Quispe Mamani',
    birthDate: '1990-05-14',
    address: 'Av. Arequipa 1234, dpto. 501',
    ubigeo: '150122',
    nationality: 'PE',
    gender: 2,
    personalPhone: '987654321',
    personalEmail: 'maria.quispe@example.com',
    emergencyContact: 'Juan Quispe (padre)',
    emergencyPhoneNumber: '912345678',
    bankId: '002',
    bankAccount: `191${account}`,
    accountType: 3,
    bankInterAccount: buildCci('002', '191', account),
    detractionAccount: null,
    bankAccountVerified: false,
    ...overrides,
  }
}

/** Creates an employee through the API and returns its id. */
export async function createEmployee(t: TestApp, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('admin', {
    method: 'POST',
    url: '/api/v1/employees',
    payload: employeeBody(overrides),
  })
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`)
  return res.body.payload.id
}
