import { auditLogs, banks } from '@planillas/db'
import { loadReferenceData } from '@planillas/db/reference'
import { buildCci } from '@planillas/domain'
import type { FilesTestApp } from '@planillas/testing/api/app'
import { bankCalls, createBanksTestApp } from '@planillas/testing/api/banks'
import { employeeBody } from '@planillas/testing/api/employees'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: FilesTestApp

beforeAll(async () => {
  t = await createBanksTestApp()
})
afterAll(async () => {
  await t.close()
})

const PIURA = { code: '801', name: 'Caja Municipal de Ahorro y Crédito de Piura', shortName: 'Caja Piura' }
const { create, setStatus } = bankCalls(() => t)
const dropdown = async () =>
  ((await t.call('lector', { method: 'GET', url: '/api/v1/banks' })).body.payload as { id: string }[]).map(
    (b) => b.id,
  )
const bankRow = async (code: string) =>
  (await t.handle.db.select().from(banks).where(eq(banks.code, code)))[0]
const auditOf = (code: string) =>
  t.handle.db
    .select({ action: auditLogs.action, actor: auditLogs.actor, description: auditLogs.description })
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, 'banks'), eq(auditLogs.entityId, code)))
    .orderBy(desc(auditLogs.id))

describe('banks catalogue', () => {
  it('creates a bank, audits it, lists it and offers it in the dropdown', async () => {
    const res = await create(PIURA)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'OK',
      payload: { code: '801' },
      messages: ['Se almacenó la información correctamente'],
    })
    expect(await bankRow('801')).toMatchObject({
      ...PIURA,
      status: 1,
      source: 'usuario',
      createdBy: 'admin@planillas.pe',
    })
    expect(await auditOf('801')).toEqual([
      {
        action: 'CREATE',
        actor: 'admin@planillas.pe',
        description: "Creó el banco 801 'Caja Municipal de Ahorro y Crédito de Piura' (Caja Piura)",
      },
    ])
    const list = await t.call('lector', {
      method: 'POST',
      url: '/api/v1/banks/list',
      payload: { search: 'piura' },
    })
    expect(list.status).toBe(200)
    expect(list.body.payload).toMatchObject({ totalElements: 1, content: [{ code: '801', status: 1 }] })
    const byCode = await t.call('lector', {
      method: 'POST',
      url: '/api/v1/banks/list',
      payload: { search: '80' },
    })
    expect(byCode.body.payload.content.map((b: { code: string }) => b.code)).toEqual([
      '801',
      '802',
      '803',
      '805',
      '806',
      '808',
      '809',
    ])
    expect(await dropdown()).toContain('801')
    const one = await t.call('lector', { method: 'GET', url: '/api/v1/banks/801' })
    expect(one.body.payload).toMatchObject({ ...PIURA, source: 'usuario' })
  })

  it('refuses a duplicate code, a bad code and empty names, and changes nothing', async () => {
    const before = await t.handle.db.$count(banks)
    const audits = await t.handle.db.$count(auditLogs)
    const dup = await create({ code: '002', name: 'Otro banco', shortName: 'Otro' })
    expect(dup.status).toBe(400)
    expect(dup.body.messages).toEqual(['Ya existe un banco con el código 002'])
    for (const code of ['8', '8011', 'ABC', '80 1']) {
      const bad = await create({ ...PIURA, code })
      expect(bad.status).toBe(400)
      expect(bad.body.messages).toEqual(['El código del banco debe tener 3 dígitos'])
    }
    const empty = await create({ code: '804', name: ' ', shortName: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.messages).toEqual(['Nombre es requerido', 'Nombre corto es requerido'])
    expect(await t.handle.db.$count(banks)).toBe(before)
    expect(await t.handle.db.$count(auditLogs)).toBe(audits)
    expect((await bankRow('002')).name).toBe('Banco de Crédito del Perú')
  })

  it('renames a bank (never its code), audits the change and keeps it through the reference loader', async () => {
    const res = await t.call('admin', {
      method: 'PUT',
      url: '/api/v1/banks/038',
      payload: { code: '999', name: 'BanBif', shortName: 'BanBif' },
    })
    expect(res.status).toBe(200)
    expect(res.body.payload).toEqual({ code: '038' })
    expect(await bankRow('999')).toBeUndefined()
    expect(await bankRow('038')).toMatchObject({ name: 'BanBif', shortName: 'BanBif', source: 'usuario' })
    expect((await auditOf('038'))[0]).toEqual({
      action: 'UPDATE',
      actor: 'admin@planillas.pe',
      description: "Actualizó el banco 038: Nombre: 'Banco Interamericano de Finanzas' → 'BanBif'",
    })
    // The same names again change nothing and write no entry.
    await t.call('admin', {
      method: 'PUT',
      url: '/api/v1/banks/038',
      payload: { name: 'BanBif', shortName: 'BanBif' },
    })
    expect(await auditOf('038')).toHaveLength(1)
    await loadReferenceData(t.handle.db)
    expect((await bankRow('038')).name).toBe('BanBif')
    const missing = await t.call('admin', {
      method: 'PUT',
      url: '/api/v1/banks/777',
      payload: { name: 'X', shortName: 'X' },
    })
    expect(missing.status).toBe(404)
  })

  it('suspends a bank: off the dropdown, refused for employees and company accounts, audited; and back', async () => {
    await create({
      code: '804',
      name: 'Caja Municipal de Ahorro y Crédito de Paita',
      shortName: 'Caja Paita',
    })
    const off = await setStatus('804', 2)
    expect(off.status).toBe(200)
    expect(off.body).toEqual({
      status: 'OK',
      payload: { code: '804' },
      messages: ['Estado actualizado correctamente'],
    })
    expect((await auditOf('804'))[0].description).toBe(
      "Cambió el estado del banco 804 'Caja Municipal de Ahorro y Crédito de Paita' a SUSPENDIDO",
    )
    expect(await dropdown()).not.toContain('804')
    expect((await bankRow('804')).status).toBe(2)
    const suspended = 'El banco 804 está suspendido: actívelo en Mantenimiento › Bancos o use otro banco'

    const account = '000123456789'
    const employee = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/employees',
      payload: employeeBody({
        bankId: '804',
        bankAccount: account,
        bankInterAccount: buildCci('804', '100', account),
      }),
    })
    expect(employee.status).toBe(400)
    expect(employee.body.messages).toEqual([suspended])

    const company = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/companies',
      payload: { ruc: '20131312955', name: 'Empresa de Pagos SAC', address: 'Av. Grau 100, Piura' },
    })
    const accountUrl = `/api/v1/companies/${company.body.payload.id}/accounts`
    const refused = await t.call('admin', {
      method: 'POST',
      url: accountUrl,
      payload: { bankCode: '804', currency: 'PEN', account, interAccount: buildCci('804', '100', account) },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.messages).toEqual([suspended])
    const unknown = await t.call('admin', {
      method: 'POST',
      url: accountUrl,
      payload: { bankCode: '807', currency: 'PEN', account },
    })
    expect(unknown.body.messages).toEqual(['Código de banco no registrado: 807'])

    expect((await setStatus('804', 1)).status).toBe(200)
    expect(await dropdown()).toContain('804')
    const accepted = await t.call('admin', {
      method: 'POST',
      url: accountUrl,
      payload: { bankCode: '804', currency: 'PEN', account, interAccount: buildCci('804', '100', account) },
    })
    expect(accepted.status).toBe(200)
    const body = employeeBody({
      bankId: '804',
      bankAccount: account,
      bankInterAccount: buildCci('804', '100', account),
    })
    const hired = await t.call('admin', { method: 'POST', url: '/api/v1/employees', payload: body })
    expect(hired.status).toBe(200)

    // Suspended afterwards: the employee's record keeps it while it is unchanged, nobody moves to it.
    expect((await setStatus('804', 2)).status).toBe(200)
    const url = `/api/v1/employees/${hired.body.payload.id}`
    const kept = await t.call('admin', { method: 'PUT', url, payload: { ...body, address: 'Jr. Lima 200' } })
    expect(kept.status).toBe(200)
    const otherBody = employeeBody()
    const other = await t.call('admin', { method: 'POST', url: '/api/v1/employees', payload: otherBody })
    expect(other.status).toBe(200)
    const moved = await t.call('admin', {
      method: 'PUT',
      url: `/api/v1/employees/${other.body.payload.id}`,
      payload: {
        ...otherBody,
        bankId: '804',
        bankAccount: '000987654321',
        bankInterAccount: buildCci('804', '100', '000987654321'),
      },
    })
    expect(moved.status).toBe(400)
    expect(moved.body.messages).toEqual([suspended])
    // The company's accounts still name the suspended bank (the dropdown no longer lists it).
    const accounts = await t.call('admin', { method: 'GET', url: accountUrl })
    expect(accounts.body.payload).toEqual([
      expect.objectContaining({ bankCode: '804', bankName: 'Caja Municipal de Ahorro y Crédito de Paita' }),
    ])
    expect((await setStatus('804', 1)).status).toBe(200)
  })

  it('asks for the permission on every route (lector reads, only edición changes)', async () => {
    expect((await create({ code: '810', name: 'Caja X', shortName: 'X' }, 'lector')).status).toBe(403)
    const calls = [
      { method: 'PUT', url: '/api/v1/banks/801', payload: { name: 'X', shortName: 'X' } },
      { method: 'PUT', url: '/api/v1/banks/801/status?status=2' },
    ] as const
    for (const call of calls) expect((await t.call('lector', call)).status).toBe(403)
    for (const call of [
      { method: 'POST', url: '/api/v1/banks/list', payload: {} },
      { method: 'GET', url: '/api/v1/banks/801' },
    ] as const) {
      expect((await t.call('auditor', call)).status).toBe(403)
      expect((await t.call('lector', call)).status).toBe(200)
    }
    expect((await t.call(['bancos_edicion'], { method: 'GET', url: '/api/v1/banks/801' })).status).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/banks' })).statusCode).toBe(401)
    expect(await bankRow('810')).toBeUndefined()
    expect((await bankRow('801')).name).toBe(PIURA.name)
  })
})
