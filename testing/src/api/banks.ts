import { loadReferenceData } from '@planillas/db/reference'
import { insertFixtureEmployees } from '@planillas/testing/payroll-fixtures'
import { createTestAppWithFiles, type FilesTestApp } from './app'

/** A test API with the reference banks, three fixture employees and a temporary file store. */
export async function createBanksTestApp(): Promise<FilesTestApp> {
  const t = await createTestAppWithFiles()
  await loadReferenceData(t.handle.db)
  await insertFixtureEmployees(t.handle.db, 3)
  return t
}

/**
 * The catalogue's two changing calls, as a demo user (the administrator unless said), on the app
 * `app()` returns (a test file's app is made in its beforeAll).
 */
export const bankCalls = (app: () => FilesTestApp) => ({
  create: (body: Record<string, unknown>, who: 'admin' | 'rrhh' | 'lector' = 'admin') =>
    app().call(who, { method: 'POST', url: '/api/v1/banks', payload: body }),
  setStatus: (code: string, status: number) =>
    app().call('admin', { method: 'PUT', url: `/api/v1/banks/${code}/status?status=${status}` }),
})
