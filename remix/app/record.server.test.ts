import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { orBackToList, refusalOrBackToList } from './record.server'
import { sessionStorage } from './session.server'

const request = () => new Request('http://localhost/pagos/7/aprobar', { method: 'POST' })

/** The toast a redirect carries in its session cookie. */
async function toastOf(response: Response) {
  const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
  return session.get('toast')
}

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('no lanzó nada')
}

describe("an action's refusal from the API", () => {
  it('hands a 400 or a 409 back to the form, messages and status intact', async () => {
    const conflict = new ApiError(409, ['El comprobante cambió de estado: ahora está APROBADO.'])
    await expect(refusalOrBackToList(request(), '/pagos', conflict)).resolves.toBe(conflict)
    const bad = new ApiError(400, ['Ingrese la fecha'])
    await expect(refusalOrBackToList(request(), '/pagos', bad)).resolves.toBe(bad)
  })

  it('sends a record that is gone back to the list with the message', async () => {
    const response = await thrown(() =>
      refusalOrBackToList(request(), '/pagos/detracciones', new ApiError(404, ['No existe el comprobante'])),
    )
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(302)
    expect((response as Response).headers.get('Location')).toBe('/pagos/detracciones')
    expect(await toastOf(response as Response)).toMatchObject({
      type: 'error',
      message: 'No existe el comprobante',
    })
  })

  it('throws an outage and anything that is not the API on, unchanged', async () => {
    const outage = new ApiError(503, ['Servicio no disponible'])
    expect(await thrown(() => refusalOrBackToList(request(), '/pagos', outage))).toBe(outage)
    const bug = new TypeError('x is undefined')
    expect(await thrown(() => refusalOrBackToList(request(), '/pagos', bug))).toBe(bug)
  })
})

describe('a page whose record cannot be loaded', () => {
  it('goes back to the list on a 404, and shows the error page on an outage', async () => {
    const gone = await thrown(() =>
      orBackToList(request(), '/areas', () => Promise.reject(new ApiError(404, ['No existe el área']))),
    )
    expect((gone as Response).headers.get('Location')).toBe('/areas')
    const outage = new ApiError(502, ['Sin respuesta'])
    expect(await thrown(() => orBackToList(request(), '/areas', () => Promise.reject(outage)))).toBe(outage)
    await expect(orBackToList(request(), '/areas', async () => 42)).resolves.toBe(42)
  })
})
