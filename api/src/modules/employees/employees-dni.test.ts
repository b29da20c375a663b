import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { applicants, areas, jobOpenings, positions } from '@planillas/db'
import type { TestApp } from '@planillas/testing/api/app'
import { createEmployee, createEmployeeTestApp } from '@planillas/testing/api/employees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** A local stand-in for a RENIEC-style provider: GET /{dni} answers names for known DNIs. */
const people: Record<string, Record<string, string>> = {
  '12345678': { nombres: 'CARLOS ALBERTO', apellidoPaterno: 'ROJAS', apellidoMaterno: 'VASQUEZ' },
  '23456789': { name: 'Lucía', surname: 'Pérez Cárdenas' },
}
const requests: string[] = []
let provider: Server
let t: TestApp
let bare: TestApp

beforeAll(async () => {
  provider = createServer((req, res) => {
    requests.push(`${req.url} ${req.headers.authorization ?? ''}`)
    const body = people[(req.url ?? '').slice(1)]
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body ?? { message: 'not found' }))
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  const { port } = provider.address() as AddressInfo
  t = await createEmployeeTestApp({ dniLookupUrl: `http://127.0.0.1:${port}/`, dniLookupToken: 'secreto' })
  bare = await createEmployeeTestApp()
})
afterAll(async () => {
  await t.close()
  await bare.close()
  provider.close()
})

const lookup = (app: TestApp, dni: string) =>
  app.call('rrhh', { method: 'GET', url: `/api/v1/employees/dni/${dni}` })

describe('DNI look-up', () => {
  it('answers from our own employees first, without asking the provider', async () => {
    const id = await createEmployee(t, { identifier: '12345678', name: 'Carlos', surname: 'Rojas Vásquez' })
    requests.length = 0
    const res = await lookup(t, '12345678')
    expect(res.body.payload).toEqual({
      source: 'EMPLOYEE',
      alreadyExists: true,
      employeeId: id,
      name: 'Carlos',
      surname: 'Rojas Vásquez',
    })
    expect(res.body.messages).toEqual([
      'Ya existe un colaborador registrado con el mismo tipo y número de documento',
    ])
    expect(requests).toEqual([])
  })

  it('then our applicants, before the provider', async () => {
    const [area] = await t.handle.db.insert(areas).values({ description: 'Área de vacantes' }).returning()
    const [position] = await t.handle.db
      .insert(positions)
      .values({ description: 'Cargo de vacantes' })
      .returning()
    const requester = await createEmployee(t, { identifier: '11111111' })
    const [opening] = await t.handle.db
      .insert(jobOpenings)
      .values({
        code: 'VAC-DNI',
        positionId: position.id,
        areaId: area.id,
        minExperienceYears: 1,
        requestedById: requester,
        details: '<p>x</p>',
      })
      .returning()
    // The provider knows this DNI under other names: the applicant's win.
    await t.handle.db.insert(applicants).values({
      jobOpeningId: opening.id,
      identifierType: 1,
      identifier: '23456789',
      name: 'Lucía Isabel',
      surname: 'Pérez Cárdenas',
      email: 'lucia@example.com',
      mobile: '987654321',
    })
    requests.length = 0
    const res = await lookup(t, '23456789')
    expect(res.body.payload).toEqual({
      source: 'APPLICANT',
      alreadyExists: false,
      employeeId: null,
      name: 'Lucía Isabel',
      surname: 'Pérez Cárdenas',
    })
    expect(requests).toEqual([])
    await t.handle.db.delete(applicants)
  })

  it('then asks the external provider, with its token, joining paternal and maternal surnames', async () => {
    const res = await lookup(t, '23456789')
    expect(res.body.payload).toEqual({
      source: 'EXTERNAL',
      alreadyExists: false,
      employeeId: null,
      name: 'Lucía',
      surname: 'Pérez Cárdenas',
    })
    expect(requests.at(-1)).toBe('/23456789 Bearer secreto')
    people['34567890'] = { nombres: 'ANA', apellidoPaterno: 'TITO', apellidoMaterno: 'PARI' }
    expect((await lookup(t, '34567890')).body.payload).toMatchObject({ name: 'ANA', surname: 'TITO PARI' })
  })

  it('answers empty names (never an error) when nobody knows the DNI', async () => {
    const res = await lookup(t, '87654321')
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({
      source: null,
      alreadyExists: false,
      employeeId: null,
      name: null,
      surname: null,
    })
    expect(res.body.messages).toEqual(['No se encontraron datos para el DNI ingresado'])
  })

  it('works without a provider configured', async () => {
    const res = await lookup(bare, '23456789')
    expect(res.status).toBe(200)
    expect(res.body.payload.source).toBeNull()
  })

  it('refuses a DNI that is not 8 digits', async () => {
    const res = await lookup(t, '1234567')
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(['El DNI debe tener 8 dígitos'])
  })
})
