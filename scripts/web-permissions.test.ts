import { PERMISSIONS, type Permission } from '@planillas/domain'
import { LIST_RESOURCES } from '@planillas/remix/app/list-resources'
import { createTestApp, type TestApp } from '@planillas/testing/api/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The web tier hides a list from whoever lacks its permission; the API must refuse that same user
 * (docs/architecture.md: the API enforces, the web hides, and the two agree). Each web list's requirement
 * is checked against its API: a user holding only one of the web's permissions reads the list, a
 * user holding every other permission of the catalogue gets 403. (`/payroll-batch/list` once let
 * planillas_lista in while 'Carga de planillas' asked for planillas_carga.)
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const asList = (p: Permission | readonly Permission[]): readonly Permission[] =>
  typeof p === 'string' ? [p] : p

describe.each(Object.entries(LIST_RESOURCES))('list %s', (_key, resource) => {
  const required = asList(resource.permission)
  const list = (roles: string[]) =>
    t.call(roles, {
      method: 'POST',
      url: `/api/v1${resource.list.split(' ')[1]}`,
      // The filter the screen sends with no parameter: a list shared by two screens tells them apart by it.
      payload: resource.filter(new URLSearchParams()),
    })

  it.each(required)('%s alone reads it', async (permission) => {
    expect((await list([permission])).status).toBe(200)
  })

  it('every other permission gets 403', async () => {
    expect((await list(PERMISSIONS.filter((p) => !required.includes(p)))).status).toBe(403)
  })
})
