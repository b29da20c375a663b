import { contracts, employees } from '@planillas/db'
import { buildCci } from '@planillas/domain'
import type { TestApp } from '@planillas/testing/api/app'
import { contractBody, createCatalog, createContract } from '@planillas/testing/api/contracts'
import { createEmployee, createEmployeeTestApp, employeeBody } from '@planillas/testing/api/employees'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await createEmployeeTestApp()
})
afterAll(() => t.close())

const post = (payload: Record<string, unknown>, who: Parameters<TestApp['call']>[0] = 'admin') =>
  t.call(who, { method: 'POST', url: '/api/v1/employees', payload })

async function auditOf(id: number) {
  const res = await t.call('admin', { method: 'POST', url: '/api/v1/audit-logs/list?size=50', payload: {} })
  return res.body.payload.content.filter(
    (r: { entity: string; entityId: string }) => r.entity === 'employees' && r.entityId === String(id),
  )
}

describe('employees API: create and read', () => {
  it('creates an employee with a server code, SIN CONTRATO, bank copies and labels', async () => {
    const body = employeeBody({
      identifier: '45678912',
      name: 'Rosa',
      surname: 'Condori Ccama',
      nationality: 'pe',
    })
    const created = await post(body)
    expect(created.status).toBe(200)
    expect(created.body.messages).toEqual(['Se almacenó la información correctamente'])
    const id = created.body.payload.id
    const read = await t.call('lector', { method: 'GET', url: `/api/v1/employees/${id}` })
    expect(read.status).toBe(200)
    expect(read.body.payload).toMatchObject({
      code: `COL-${String(id).padStart(6, '0')}`,
      status: 2,
      identifier: '45678912',
      fullName: 'Rosa Condori Ccama',
      nationality: 'PE',
      nationalityName: 'Perú',
      ubigeo: '150122',
      ubigeoDescription: 'MIRAFLORES — LIMA / LIMA',
      bankId: '002',
      bankName: 'Banco de Crédito del Perú',
      bankIdentifierType: 1,
      bankIdentifier: '45678912',
      bankHolder: 'Rosa Condori Ccama',
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      createdBy: 'admin@planillas.pe',
    })
    const [entry] = await auditOf(id)
    expect(entry).toMatchObject({ action: 'CREATE', actor: 'admin@planillas.pe' })
    expect(entry.description).toContain('Creó el colaborador COL-')
    expect(entry.description).toContain('DNI 45678912')
  })

  it('ignores a bank holder, document copy or verifier sent in the body', async () => {
    const id = await createEmployee(t, {
      bankHolder: 'Otra Persona',
      bankIdentifier: '99999999',
      bankAccountVerifiedBy: 'intruso@example.com',
      status: 1,
    })
    const { body } = await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })
    expect(body.payload).toMatchObject({
      bankHolder: 'María Elena Quispe Mamani',
      bankAccountVerifiedBy: null,
      status: 2,
    })
    expect(body.payload.bankIdentifier).toBe(body.payload.identifier)
  })

  it('shows the current contract, and none once it is finished', async () => {
    const id = await createEmployee(t, { identifier: '47890123' })
    const made = async (url: string, payload: Record<string, unknown>) =>
      (await t.call('admin', { method: 'POST', url, payload })).body.payload.id as number
    const [contract] = await t.handle.db
      .insert(contracts)
      .values({
        number: 'CT-2025-009999',
        employeeId: id,
        companyId: await made('/api/v1/companies', {
          ruc: '20100043140',
          name: 'Contratante S.A.',
          address: 'Av. 1',
        }),
        areaId: await made('/api/v1/areas', { description: 'Área con contrato' }),
        positionId: await made('/api/v1/positions', { description: 'Cargo con contrato' }),
        contractType: 4,
        startDate: '2025-01-01',
        finishDate: '2026-01-01',
        baseSalary: '2500.00',
        totalSalary: '2500.00',
        status: 1,
      })
      .returning()
    const read = async () =>
      (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload
    expect((await read()).currentContract).toEqual({
      id: contract.id,
      number: 'CT-2025-009999',
      contractType: 4,
      startDate: '2025-01-01',
      finishDate: '2026-01-01',
      status: 1,
      companyId: contract.companyId,
      areaId: contract.areaId,
      positionId: contract.positionId,
    })
    await t.handle.db
      .update(contracts)
      .set({ status: 3, closedOn: '2025-06-30', closedBy: 'admin@planillas.pe' })
      .where(eq(contracts.id, contract.id))
    expect((await read()).currentContract).toBeNull()
  })

  it('answers 404 for an unknown employee and 400 for a bad id', async () => {
    expect((await t.call('admin', { method: 'GET', url: '/api/v1/employees/999999' })).status).toBe(404)
    const bad = await t.call('admin', { method: 'GET', url: '/api/v1/employees/abc' })
    expect(bad.status).toBe(400)
    expect(bad.body.messages).toEqual(['El identificador debe ser numérico'])
  })
})

describe('employees API: the form rules hold on the server', () => {
  it('lists every missing required field with its message', async () => {
    const res = await post({})
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual(
      expect.arrayContaining([
        'Tipo de documento es requerido',
        'Número de documento es requerido',
        'Nombres son requeridos',
        'Apellidos son requeridos',
        'Ubigeo es requerido',
        'Nacionalidad es requerido',
        'Sexo es requerido',
        'Celular es requerido',
        'Correo electrónico es requerido',
        'Banco es requerido',
        'Número de cuenta es requerido',
        'Tipo de cuenta es requerido',
      ]),
    )
  })

  it.each([
    [{ identifier: '1234567' }, 'El DNI debe tener 8 dígitos'],
    [{ identifier: '1234567A' }, 'Número de documento debe tener un valor numérico'],
    [{ identifierType: 6, identifier: '20131312956' }, 'RUC inválido: el dígito verificador no corresponde'],
    [{ identifierType: 4, identifier: 'CE-12345' }, 'Número de documento solo admite letras y números'],
    [{ personalPhone: '98765432' }, 'Ingresa un celular válido de 9 dígitos'],
    [{ personalPhone: '887654321' }, 'Celular debe empezar con 9'],
    [{ personalPhone: '9876S4321' }, 'Celular debe ser un valor numérico'],
    [{ emergencyPhoneNumber: '812345678' }, 'Teléfono de emergencia debe empezar con 9'],
    [{ personalEmail: 'maria@@example' }, 'Ingresa un correo electrónico válido'],
    [{ bankInterAccount: '00212345678901234567' }, 'Número de CCI inválido'],
    [{ bankInterAccount: '002123' }, 'Número de CCI debe tener 20 dígitos'],
    [{ bankId: '011' }, 'El CCI no corresponde al banco seleccionado'],
    [{ bankAccount: '12-34' }, 'Número de cuenta debe ser un valor numérico'],
    [{ detractionAccount: '1'.repeat(21) }, 'Cuenta de detracción admite como máximo 20 dígitos'],
    [{ birthDate: '2999-12-31' }, 'Fecha de nacimiento no puede ser posterior a hoy'],
    [{ ubigeo: '999999' }, 'Ubigeo inválido'],
    [{ nationality: 'XX' }, 'Nacionalidad inválida'],
    [{ bankId: '999', bankInterAccount: null }, 'Código de banco no registrado: 999'],
    [{ areaId: 99999 }, 'Área inválida'],
  ])('refuses %o with "%s" and saves nothing', async (change, message) => {
    const body = employeeBody(change)
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(res.body.messages).toEqual([message])
    const search = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees/list',
      payload: { search: body.identifier },
    })
    expect(search.body.payload.totalElements).toBe(0)
  })

  it('refuses a second employee with the same document type and number', async () => {
    await createEmployee(t, { identifier: '41234567' })
    const dup = await post(employeeBody({ identifier: '41234567', name: 'Otro' }))
    expect(dup.status).toBe(400)
    expect(dup.body.messages).toEqual([
      'Ya existe un colaborador registrado con el mismo tipo y número de documento',
    ])
    // The same number under another type is a different document.
    expect((await post(employeeBody({ identifierType: 4, identifier: '41234567' }))).status).toBe(200)
  })

  it('refuses a duplicate on update too, and keeps the record', async () => {
    await createEmployee(t, { identifier: '42345678' })
    const id = await createEmployee(t, { identifier: '42345679' })
    const res = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/employees/${id}`,
      payload: employeeBody({ identifier: '42345678' }),
    })
    expect(res.body.messages).toEqual([
      'Ya existe un colaborador registrado con el mismo tipo y número de documento',
    ])
    const read = await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })
    expect(read.body.payload.identifier).toBe('42345679')
  })
})

describe('employees API: update, bank confirmation, status', () => {
  it('updates, copies the new names to the holder and audits the change with labels', async () => {
    const id = await createEmployee(t, { identifier: '43456789' })
    const res = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/employees/${id}`,
      payload: employeeBody({ identifier: '43456789', surname: 'Quispe Huamán', ubigeo: '040110' }),
    })
    expect(res.status).toBe(200)
    const { body } = await t.call('rrhh', { method: 'GET', url: `/api/v1/employees/${id}` })
    expect(body.payload).toMatchObject({
      bankHolder: 'María Elena Quispe Huamán',
      ubigeoDescription: 'MIRAFLORES — AREQUIPA / AREQUIPA',
    })
    const [update] = await auditOf(id)
    expect(update.action).toBe('UPDATE')
    expect(update.actor).toBe('rrhh@planillas.pe')
    expect(update.description).toContain("Apellidos: 'Quispe Mamani' → 'Quispe Huamán'")
    expect(update.description).toContain(
      "Ubigeo: 'MIRAFLORES — LIMA / LIMA' → 'MIRAFLORES — AREQUIPA / AREQUIPA'",
    )
  })

  it('records the signed-in user as verifier when the bank data are confirmed, and audits which account', async () => {
    const body = employeeBody({ identifier: '44567890' })
    const id = await createEmployee(t, body)
    await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/employees/${id}`,
      payload: { ...body, bankAccountVerified: true },
    })
    const first = (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload
    expect(first.bankAccountVerified).toBe(true)
    expect(first.bankAccountVerifiedBy).toBe('rrhh@planillas.pe')
    expect(first.bankAccountVerifiedAt).toBeTruthy()
    const [confirmation] = await auditOf(id)
    expect(confirmation.actor).toBe('rrhh@planillas.pe')
    expect(confirmation.description).toBe(
      `Confirmó los datos bancarios del colaborador ${first.code} 'María Elena Quispe Mamani': Banco de Crédito del Perú, cuenta ${body.bankAccount} (SUELDO), CCI ${body.bankInterAccount}`,
    )

    // Saving again (by someone else) keeps the original verifier.
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/employees/${id}`,
      payload: { ...body, bankAccountVerified: true, emergencyContact: 'Otro' },
    })
    const second = (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload
    expect(second.bankAccountVerifiedBy).toBe('rrhh@planillas.pe')
    expect(second.bankAccountVerifiedAt).toBe(first.bankAccountVerifiedAt)

    // Turning the switch off withdraws the confirmation.
    await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/employees/${id}`,
      payload: { ...body, bankAccountVerified: false },
    })
    const third = (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload
    expect(third).toMatchObject({
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      bankAccountVerifiedAt: null,
    })
    expect((await auditOf(id))[0].description).toContain('Retiró la confirmación de los datos bancarios')
  })

  it('leaves bank data typed at creation unconfirmed, whatever the switch says: another user confirms them', async () => {
    const id = await createEmployee(t, { identifier: '45678901', bankAccountVerified: true })
    const { body } = await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })
    expect(body.payload).toMatchObject({
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      bankDataChangedBy: 'admin@planillas.pe',
    })
    expect(body.payload.bankDataChangedAt).toBeTruthy()
    expect((await auditOf(id)).map((e: { action: string }) => e.action)).toEqual(['CREATE'])
  })

  it('four eyes: a changed account or CCI is unconfirmed and only another user may confirm it', async () => {
    const body = employeeBody({ identifier: '45678902' })
    const id = await createEmployee(t, body)
    const put = (user: 'rrhh' | 'admin', payload: Record<string, unknown>) =>
      t.call(user, { method: 'PUT', url: `/api/v1/employees/${id}`, payload: { ...body, ...payload } })
    const view = async () =>
      (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload
    expect((await put('rrhh', { bankAccountVerified: true })).status).toBe(200)
    expect(await view()).toMatchObject({
      bankAccountVerified: true,
      bankAccountVerifiedBy: 'rrhh@planillas.pe',
    })

    // The admin edits the confirmed account, switch still on: it is no longer confirmed, and says who changed it.
    const account = '1915555555555'
    const cci = buildCci('002', '191', '5555555555')
    expect(
      (await put('admin', { bankAccount: account, bankInterAccount: cci, bankAccountVerified: true })).status,
    ).toBe(200)
    const changed = await view()
    expect(changed).toMatchObject({
      bankAccount: account,
      bankAccountVerified: false,
      bankAccountVerifiedBy: null,
      bankDataChangedBy: 'admin@planillas.pe',
    })
    expect((await auditOf(id))[0].description).toContain('Retiró la confirmación de los datos bancarios')

    // The one who changed it cannot confirm it; nothing changes.
    const own = await put('admin', { bankAccount: account, bankInterAccount: cci, bankAccountVerified: true })
    expect(own.status).toBe(400)
    expect(own.body.messages).toEqual([
      'Usted registró o modificó estos datos bancarios: debe confirmarlos otro usuario',
    ])
    expect((await view()).bankAccountVerified).toBe(false)

    // Another user confirms; both names stay on the record.
    expect(
      (await put('rrhh', { bankAccount: account, bankInterAccount: cci, bankAccountVerified: true })).status,
    ).toBe(200)
    expect(await view()).toMatchObject({
      bankAccountVerified: true,
      bankAccountVerifiedBy: 'rrhh@planillas.pe',
      bankDataChangedBy: 'admin@planillas.pe',
    })
  })

  it('refuses a valid CCI that belongs to another BCP account', async () => {
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees',
      payload: employeeBody({
        identifier: '45678903',
        bankAccount: '1911234567890',
        bankInterAccount: buildCci('002', '191', '1234567891'),
      }),
    })
    expect(res.status).toBe(400)
    expect(res.body.messages).toContain(
      'El CCI no corresponde al número de cuenta: en este banco el CCI contiene la cuenta',
    )
  })

  it('answers the status call in step with the contracts, and refuses a bad status', async () => {
    const id = await createEmployee(t, { identifier: '46789012' })
    const res = await t.call('rrhh', { method: 'PUT', url: `/api/v1/employees/${id}/status?status=2` })
    expect(res.body.messages).toEqual(['Estado actualizado correctamente'])
    expect(await auditOf(id)).toHaveLength(1) // its creation: nothing changed
    expect(
      (await t.call('rrhh', { method: 'PUT', url: `/api/v1/employees/${id}/status?status=3` })).status,
    ).toBe(400)
    expect(
      (await t.call('rrhh', { method: 'PUT', url: '/api/v1/employees/999999/status?status=1' })).status,
    ).toBe(404)
  })
})

describe('employees API: permissions', () => {
  it('needs colaboradores_lista to list, colaboradores_edicion to write, colaboradores_descarga_excel to export', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/employees/list', payload: {} })).statusCode,
    ).toBe(401)
    expect(
      (await t.call('auditor', { method: 'POST', url: '/api/v1/employees/list', payload: {} })).status,
    ).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/employees/list', payload: {} })).status,
    ).toBe(200)
    expect((await post(employeeBody(), 'lector')).status).toBe(403)
    expect(
      (await t.call('lector', { method: 'POST', url: '/api/v1/employees/xlsx', payload: {} })).status,
    ).toBe(403)
    expect(
      (
        await t.call(['colaboradores_edicion'], {
          method: 'POST',
          url: '/api/v1/employees/list',
          payload: {},
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.call(['colaboradores_edicion'], { method: 'GET', url: '/api/v1/employees/dni/12345678' }))
        .status,
    ).toBe(200)
    expect((await t.call('auditor', { method: 'GET', url: '/api/v1/employees/dni/12345678' })).status).toBe(
      403,
    )
  })
})

describe('what the contracts decide', () => {
  const status = (id: number, to: number) =>
    t.call('admin', { method: 'PUT', url: `/api/v1/employees/${id}/status?status=${to}` })
  const read = async (id: number) =>
    (await t.call('admin', { method: 'GET', url: `/api/v1/employees/${id}` })).body.payload
  const put = (id: number, overrides: Record<string, unknown>) =>
    t.call('admin', { method: 'PUT', url: `/api/v1/employees/${id}`, payload: employeeBody(overrides) })

  it('refuses a status the contracts contradict, and puts one out of step back', async () => {
    const id = await createEmployee(t, { identifier: '47890201' })
    const refused = await status(id, 1)
    expect(refused.status).toBe(400)
    expect(refused.body.messages).toEqual([
      'El colaborador no tiene un contrato vigente: estará SIN CONTRATO hasta que se le registre uno',
    ])
    expect((await read(id)).status).toBe(2)
    expect((await status(id, 2)).status).toBe(200)

    await createContract(t, contractBody(id, await createCatalog(t, 'Estado')))
    expect((await read(id)).status).toBe(1)
    const withContract = await status(id, 2)
    expect(withContract.status).toBe(400)
    expect(withContract.body.messages).toEqual([
      'El colaborador tiene un contrato vigente: estará ACTIVO mientras ese contrato no termine',
    ])
    expect((await read(id)).status).toBe(1)

    // Out of step (as a status set by hand before this rule): the call brings it back, audited.
    await t.handle.db.update(employees).set({ status: 2 }).where(eq(employees.id, id))
    expect((await status(id, 1)).status).toBe(200)
    expect((await read(id)).status).toBe(1)
    expect((await auditOf(id)).map((r: { description: string }) => r.description)).toContainEqual(
      expect.stringMatching(/pasó a ACTIVO \(estado puesto al día a pedido\)$/),
    )
  })

  it('keeps the company, area and position of the current contract', async () => {
    const id = await createEmployee(t, { identifier: '47890202' })
    const other = await createCatalog(t, 'Libre')
    // Without a contract the form sets them freely.
    expect((await put(id, { identifier: '47890202', ...other })).status).toBe(200)

    const catalog = await createCatalog(t, 'Contrato')
    await createContract(t, contractBody(id, catalog))
    expect(await read(id)).toMatchObject(catalog)
    for (const change of [{ companyId: other.companyId }, { areaId: other.areaId }, { positionId: null }]) {
      const refused = await put(id, { identifier: '47890202', ...catalog, ...change, address: 'Av. Nueva 1' })
      expect(refused.status).toBe(400)
      expect(refused.body.messages).toEqual([
        'La empresa, el área y el cargo los fija el contrato vigente: para cambiarlos, registre un nuevo contrato',
      ])
    }
    expect(await read(id)).toMatchObject({ ...catalog, address: employeeBody().address })
    const saved = await put(id, { identifier: '47890202', ...catalog, address: 'Av. Nueva 1' })
    expect(saved.status).toBe(200)
    expect(await read(id)).toMatchObject({ ...catalog, address: 'Av. Nueva 1' })
  })
})
