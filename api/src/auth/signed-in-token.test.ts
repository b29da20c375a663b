import { openTestDatabase, signedInToken } from '@planillas/testing/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionIsLive } from './sessions'
import { createTokenSigner } from './tokens'

let handle: Awaited<ReturnType<typeof openTestDatabase>>
beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

describe('access tokens', () => {
  it('accepts the token the process tests sign (testing/src/database.ts signedInToken), with its live session', async () => {
    const token = await signedInToken(handle.db, 'secreto-de-prueba', {
      email: 'rrhh@planillas.pe',
      name: 'Rosa',
      roles: ['planillas_carga'],
    })
    const user = await createTokenSigner('secreto-de-prueba', 900).verify(token)
    expect(user).toMatchObject({ email: 'rrhh@planillas.pe', name: 'Rosa', roles: ['planillas_carga'] })
    expect(user && (await sessionIsLive(handle.db, user.sessionId, user.id))).toBe(true)
    expect(await createTokenSigner('otro-secreto', 900).verify(token)).toBeNull()
  })
})
