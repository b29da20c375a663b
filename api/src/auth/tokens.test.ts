import { createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTokenSigner, VERIFIED_TOKENS } from './tokens'

const signer = createTokenSigner('test-secret', 900)
const user = { id: 7, email: 'ana@planillas.pe', name: 'Ana', roles: ['dashboard'], sessionId: 42 }
const key = new TextEncoder().encode('test-secret')
const claims = { email: user.email, name: user.name, roles: user.roles, sid: 42 }

/** A token signed by hand, to vary one thing at a time. */
const handMade = (
  header: { alg: string } = { alg: 'HS256' },
  edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt,
  payload: Record<string, unknown> = claims,
) =>
  edit(
    new SignJWT(payload)
      .setProtectedHeader(header)
      .setSubject('7')
      .setIssuer('planillas-api')
      .setIssuedAt()
      .setExpirationTime('5m'),
  ).sign(key)

describe('access tokens', () => {
  it('verifies what it signs, with the session id', async () => {
    expect(await signer.verify(await signer.sign(user))).toEqual(user)
    expect(await signer.verify(await handMade())).toEqual(user)
  })

  it('refuses a changed payload, another secret, another issuer and an expired token', async () => {
    const token = await signer.sign(user)
    const [head, body, signature] = token.split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), roles: ['admin'] }),
    ).toString('base64url')
    expect(await signer.verify(`${head}.${forged}.${signature}`)).toBeNull()
    expect(await createTokenSigner('otro-secreto', 900).verify(token)).toBeNull()
    expect(await signer.verify(await handMade(undefined, (j) => j.setIssuer('otro')))).toBeNull()
    expect(
      await signer.verify(await handMade(undefined, (j) => j.setExpirationTime(Date.now() / 1000 - 1))),
    ).toBeNull()
    expect(await signer.verify(await handMade(undefined, (j) => j.setNotBefore('10m')))).toBeNull()
  })

  it('refuses another algorithm, unknown critical headers, no session and malformed tokens', async () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${(await signer.sign(user)).split('.')[1]}.`
    expect(await signer.verify(unsigned)).toBeNull()
    const body = (await signer.sign(user)).split('.')[1]
    const critical = `${Buffer.from('{"alg":"HS256","crit":["exp"]}').toString('base64url')}.${body}`
    const mac = createHmac('sha256', key).update(critical).digest('base64url')
    expect(await signer.verify(`${critical}.${mac}`)).toBeNull()
    const { sid: _sid, ...withoutSession } = claims
    expect(await signer.verify(await handMade(undefined, undefined, withoutSession))).toBeNull()
    for (const bad of ['', 'a.b', 'a.b.c', 'x.y.z.w', '...']) expect(await signer.verify(bad)).toBeNull()
  })

  describe('verified once', () => {
    afterEach(() => vi.useRealTimers())

    it('still expire: a remembered token is refused once its time is up', async () => {
      const token = await signer.sign(user)
      expect(await signer.verify(token)).toEqual(user)
      vi.useFakeTimers({ now: Date.now() + 901_000, toFake: ['Date'] })
      expect(await signer.verify(token)).toBeNull()
    })

    it('hand out a copy: what a caller changes in its user stays its own', async () => {
      const token = await signer.sign(user)
      const first = await signer.verify(token)
      first?.roles.push('admin')
      expect(await signer.verify(token)).toEqual(user)
    })

    it('are remembered up to a bound, the oldest forgotten first, and verified again then', async () => {
      const own = createTokenSigner('test-secret', 900)
      const tokens = await Promise.all(
        Array.from({ length: VERIFIED_TOKENS + 1 }, (_, i) => own.sign({ ...user, sessionId: i + 1 })),
      )
      for (const token of tokens) await own.verify(token)
      // The first one was forgotten: it is verified again (and still valid), not refused.
      expect(await own.verify(tokens[0])).toEqual({ ...user, sessionId: 1 })
      const [head, body] = tokens[0].split('.')
      expect(await own.verify(`${head}.${body}.${'A'.repeat(43)}`)).toBeNull()
    })
  })
})
