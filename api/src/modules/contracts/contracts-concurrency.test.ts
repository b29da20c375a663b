import { contracts } from '@planillas/db'
import { CONTRACT_MESSAGES } from '@planillas/domain'
import {
  contractBody,
  contractFixturesPerFile,
  createEmployee,
  getContract,
  getEmployee,
  postContract,
} from '@planillas/testing/api/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

const { t, catalog } = contractFixturesPerFile()

describe('one current contract per employee under concurrency', () => {
  it('lets exactly one of two simultaneous creates win; the other gets the alert', async () => {
    for (let round = 0; round < 5; round++) {
      const employeeId = await createEmployee(t)
      const [a, b] = await Promise.all([
        postContract(t, contractBody(employeeId, catalog, { contractType: 4 })),
        postContract(t, contractBody(employeeId, catalog, { contractType: 5, baseSalary: '3000' })),
      ])
      const statuses = [a.status, b.status].sort()
      expect(statuses, JSON.stringify([a.body, b.body])).toEqual([200, 400])
      const loser = a.status === 400 ? a : b
      const winner = a.status === 200 ? a : b
      expect(loser.body.messages).toEqual([CONTRACT_MESSAGES.alreadyCurrent])
      const current = await t.handle.db
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.employeeId, employeeId), inArray(contracts.status, [1, 2])))
      expect(current).toEqual([{ id: winner.body.payload.id }])
      expect((await getContract(t, winner.body.payload.id)).status).toBe(1)
      expect((await getEmployee(t, employeeId)).status).toBe(1)
    }
  })

  it('the database itself refuses a second current contract, whatever the code does', async () => {
    const employeeId = await createEmployee(t)
    const res = await postContract(t, contractBody(employeeId, catalog))
    const first = await getContract(t, res.body.payload.id)
    const duplicate = t.handle.db.insert(contracts).values({
      number: `${first.number}-X`,
      employeeId,
      ...catalog,
      contractType: 5,
      startDate: first.startDate,
      baseSalary: '1000.00',
      totalSalary: '1000.00',
      status: 2,
    })
    await expect(duplicate).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'contracts_one_current_per_employee' }),
    })
  })
})
