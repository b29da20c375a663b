import { auditLogs, suppliers } from '@planillas/db'
import { buildCci } from '@planillas/domain'
import type { FilesTestApp } from '@planillas/testing/api/app'
import { createEmployee } from '@planillas/testing/api/employees'
import {
  createSupplier,
  expectApproved,
  paymentFixturesPerFile,
  postSupplierRun,
  supplierBody,
  voucherFields,
} from '@planillas/testing/api/payments'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, fx } = paymentFixturesPerFile({ account: ['companyId', '1910123456081'] })

const supplierCount = async () => (await t.handle.db.select({ n: count() }).from(suppliers))[0].n
const read = async (id: number) =>
  (await t.call('lector', { method: 'GET', url: `/api/v1/suppliers/${id}` })).body.payload
const confirm = (who: Parameters<FilesTestApp['call']>[0], id: number) =>
  t.call(who, { method: 'POST', url: `/api/v1/suppliers/${id}/shared-account/confirm` })
const codeOf = (id: number) => `PR-${String(id).padStart(4, '0')}`

/** A body whose bank data are those of `holder` (its CCI and, unless told, its account). */
const sharing = (holder: ReturnType<typeof supplierBody>, over: Record<string, unknown> = {}) =>
  supplierBody({ bankInterAccount: holder.bankInterAccount, ...over })

describe('a bank account or CCI another beneficiary holds', () => {
  it('is refused without the tick, naming the supplier who holds the CCI, and nothing is saved', async () => {
    const first = supplierBody()
    const firstId = await createSupplier(t, first)
    const before = await supplierCount()
    const res = await t.call('rrhh', { method: 'POST', url: '/api/v1/suppliers', payload: sharing(first) })
    expect(res.status).toBe(400)
    expect(res.body.messages).toHaveLength(1)
    expect(res.body.messages[0]).toContain(`La cuenta o el CCI ya es de el proveedor ${codeOf(firstId)}`)
    expect(res.body.messages[0]).toContain(first.name)
    expect(res.body.messages[0]).toContain("marque 'Registrar la cuenta compartida'")
    expect(await supplierCount()).toBe(before)
  })

  it('the same bank and account number (no CCI) is shared too; an employee holding it is named', async () => {
    const account = '9876543210'
    await createEmployee(t, {
      name: 'Óscar',
      surname: 'Ñahui Rojas',
      bankAccount: `191${account}`,
      bankInterAccount: buildCci('002', '191', account),
    })
    const body = supplierBody({ bankAccount: `191${account}`, bankInterAccount: null })
    const res = await t.call('rrhh', { method: 'POST', url: '/api/v1/suppliers', payload: body })
    expect(res.status).toBe(400)
    expect(res.body.messages[0]).toMatch(
      /La cuenta o el CCI ya es de el colaborador COL-\d{6} Óscar Ñahui Rojas/,
    )
  })

  it("with the tick it is saved 'por confirmar', audited, and only another person with proveedores_aprobar confirms it", async () => {
    const first = supplierBody()
    const firstId = await createSupplier(t, first)
    const res = await t.call('admin', {
      method: 'POST',
      url: '/api/v1/suppliers',
      payload: sharing(first, { sharedAccountAccepted: 'on' }),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const id = res.body.payload.id
    const saved = await read(id)
    expect(saved).toMatchObject({ sharedAccountBy: 'admin@planillas.pe', sharedAccountConfirmedBy: null })
    expect(saved.sharedWith).toEqual([`el proveedor ${codeOf(firstId)} ${first.name} (R.U.C. ${first.ruc})`])
    const [created] = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'suppliers'), eq(auditLogs.entityId, id)))
    expect(created.description).toContain(`cuenta compartida con el proveedor ${codeOf(firstId)}`)
    expect(created.description).toContain('por confirmar')

    // The clerk without the permission, then who saved it, may not confirm it.
    expect((await confirm('rrhh', id)).status).toBe(403)
    const own = await confirm('admin', id)
    expect(own.status).toBe(400)
    expect(own.body.messages).toEqual([
      'Quien registró la cuenta compartida no puede confirmarla: debe confirmarla otra persona',
    ])
    expect((await read(id)).sharedAccountConfirmedBy).toBeNull()

    const ok = await confirm('tesoreria', id)
    expect(ok.status).toBe(200)
    expect(ok.body.messages).toEqual(['Se confirmó la cuenta compartida del proveedor'])
    expect(await read(id)).toMatchObject({ sharedAccountConfirmedBy: 'tesoreria@planillas.pe' })
    const again = await confirm(['proveedores_aprobar'], id)
    expect(again.status).toBe(409)
    expect(again.body.messages).toEqual([
      'La cuenta compartida ya fue confirmada por tesoreria@planillas.pe: no se guardó nada',
    ])
    const entries = await t.handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'suppliers'), eq(auditLogs.entityId, id)))
    expect(entries.map((e) => e.description)).toContainEqual(
      expect.stringMatching(
        /^Confirmó la cuenta compartida del proveedor PR-\d{4} .*registrada por admin@planillas\.pe/,
      ),
    )
  })

  it('the database refuses a confirmation by who saved the account (four eyes)', async () => {
    const id = await createSupplier(t)
    await expect(
      t.handle.db
        .update(suppliers)
        .set({ sharedAccountBy: 'a@planillas.pe', sharedAccountConfirmedBy: 'a@planillas.pe' })
        .where(eq(suppliers.id, id)),
    ).rejects.toThrow()
  })

  it('a supplier whose account is not shared cannot be confirmed; an edit that keeps the bank data keeps the state', async () => {
    const id = await createSupplier(t)
    const res = await confirm('tesoreria', id)
    expect(res.status).toBe(409)
    expect(res.body.messages).toEqual(['La cuenta del proveedor no está por confirmar: no se guardó nada'])

    const first = supplierBody()
    await createSupplier(t, first)
    const body = sharing(first, { sharedAccountAccepted: true })
    const shared = (await t.call('admin', { method: 'POST', url: '/api/v1/suppliers', payload: body })).body
      .payload.id
    const { ruc: _, ...rest } = body
    const edit = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/suppliers/${shared}`,
      payload: { ...rest, name: 'Otro nombre S.A.C.', sharedAccountAccepted: false },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(await read(shared)).toMatchObject({
      sharedAccountBy: 'admin@planillas.pe',
      name: 'Otro nombre S.A.C.',
    })
    // A new CCI nobody holds: no longer shared.
    const own = supplierBody()
    const moved = await t.call('rrhh', {
      method: 'PUT',
      url: `/api/v1/suppliers/${shared}`,
      payload: { ...rest, bankAccount: own.bankAccount, bankInterAccount: own.bankInterAccount },
    })
    expect(moved.status).toBe(200)
    expect(await read(shared)).toMatchObject({ sharedAccountBy: null, sharedWith: [] })
  })
})

describe("'Generar pagos' and shared accounts", () => {
  async function approved(supplierId: number) {
    return expectApproved(t, fx, voucherFields(supplierId, fx))
  }
  const generate = (voucherIds: number[]) =>
    postSupplierRun(t, { voucherIds, companyAccountId: fx.accountId, reference: 'Prueba' })

  it('refuses the vouchers of a supplier whose shared account is still to be confirmed, naming who else holds it; pays once confirmed, with a warning', async () => {
    const first = supplierBody({ name: 'Titular Original S.A.C.' })
    const firstId = await createSupplier(t, first)
    const second = sharing(first, { name: 'Segundo Con Misma Cuenta S.A.C.', sharedAccountAccepted: 'on' })
    const secondId = await createSupplier(t, second)
    const voucher = await approved(secondId)

    const refused = await generate([voucher])
    expect(refused.status).toBe(422)
    expect(refused.body.messages).toContainEqual(
      `Segundo Con Misma Cuenta S.A.C.: su cuenta bancaria también es de el proveedor ${codeOf(firstId)} Titular Original S.A.C. (R.U.C. ${first.ruc}) y está por confirmar; no se le paga hasta que otra persona la confirme en 'Datos del proveedor'`,
    )

    expect((await confirm('tesoreria', secondId)).status).toBe(200)
    const paid = await generate([voucher])
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.payload.sharedAccounts).toEqual([
      `Segundo Con Misma Cuenta S.A.C.: su cuenta bancaria también es de el proveedor ${codeOf(firstId)} Titular Original S.A.C. (R.U.C. ${first.ruc})`,
    ])
  })
})
