import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionStorage, storeTokens } from './session.server'
import { forwardUpload, leadingFields, parseFieldParts, uploadAction } from './upload.server'

afterEach(() => vi.unstubAllGlobals())

async function encoded(form: FormData) {
  const response = new Response(form)
  const boundary = /boundary=(.+)$/.exec(response.headers.get('content-type') ?? '')?.[1] ?? ''
  return { boundary, body: Buffer.from(await response.arrayBuffer()) }
}

/** A stream that hands out the body in small chunks and says how much of it was read. */
function chunked(body: Buffer, size = 16) {
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close()
      controller.enqueue(body.subarray(offset, offset + size))
      offset += size
    },
  })
  return { stream, read: () => offset }
}

describe('the text fields that precede the files of an upload', () => {
  it('reads them and stops at the first file, leaving the rest of the body unread', async () => {
    const form = new FormData()
    form.append('payrollNumber', 'PL-Ñandú 1')
    form.append('payrollDesc', 'línea 1\r\nlínea 2')
    form.append('file', new Blob([new Uint8Array(200_000)]), 'abonos.xlsx')
    form.append('late', 'no se lee')
    const { boundary, body } = await encoded(form)
    const { stream, read } = chunked(body)
    expect(await leadingFields(stream, boundary)).toEqual({
      payrollNumber: 'PL-Ñandú 1',
      payrollDesc: 'línea 1\r\nlínea 2',
    })
    expect(read()).toBeLessThan(2000)
  })

  it('reads a form without files to its end, and keeps empty values', async () => {
    const form = new FormData()
    form.append('a', '')
    form.append('b', 'x')
    const { boundary, body } = await encoded(form)
    expect(await leadingFields(chunked(body).stream, boundary)).toEqual({ a: '', b: 'x' })
  })

  it('ignores a part cut off in the middle', () => {
    const head =
      '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name="b"\r\n\r\n2'
    expect(parseFieldParts(head, 'B')).toEqual({ fields: { a: '1' }, sawFile: false })
  })
})

/** The browser's upload as the action receives it, from a signed-in clerk. */
async function uploadRequest(form: FormData, roles: string[] = []) {
  const session = await sessionStorage.getSession()
  const body = Buffer.from(JSON.stringify({ email: 'rrhh@planillas.pe', roles, exp: 4_000_000_000 }))
  storeTokens(session, { accessToken: `e30.${body.toString('base64url')}.firma`, refreshToken: 'r' })
  const encoded = new Response(form)
  return new Request('http://web.test/planillas/abonos/carga', {
    method: 'POST',
    headers: {
      cookie: (await sessionStorage.commitSession(session)).split(';')[0],
      'Content-Type': encoded.headers.get('Content-Type') ?? '',
    },
    body: encoded.body,
    duplex: 'half',
  } as RequestInit)
}

/** The API answering `status` and `envelope`; the mock records what it was sent. */
function apiAnswering(status: number, envelope: unknown) {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    await new Response(init.body).arrayBuffer()
    return Response.json(envelope, { status })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('an upload passed on to the API', () => {
  const form = new FormData()
  form.append('payrollNumber', 'PL-0007')
  form.append('file', new Blob([new Uint8Array(5_000)]), 'abonos.xlsx')

  it('streams the form with its own boundary and the session’s token, and answers what the API said', async () => {
    const api = apiAnswering(200, { status: 'OK', payload: { id: 7 }, messages: ['Carga recibida'] })
    const request = await uploadRequest(form)
    const contentType = request.headers.get('Content-Type')
    expect(await forwardUpload(request, '/payment-batches')).toEqual({
      ok: true,
      payload: { id: 7 },
      messages: ['Carga recibida'],
    })
    const [url, init] = api.mock.calls[0]
    expect(url).toMatch(/\/api\/v1\/payment-batches$/)
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(contentType)
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer e30\./)
  })

  it('gives back the API’s messages and the fields as typed when refused', async () => {
    apiAnswering(400, { status: 'ERROR', payload: null, messages: ['El número de planilla ya existe'] })
    expect(await forwardUpload(await uploadRequest(form), '/payment-batches')).toEqual({
      ok: false,
      status: 400,
      messages: ['El número de planilla ya existe'],
      fields: { payrollNumber: 'PL-0007' },
    })
  })

  it('signs a session the API no longer accepts out', async () => {
    apiAnswering(401, { status: 'ERROR', payload: null, messages: [] })
    const signedOut = await forwardUpload(await uploadRequest(form), '/payment-batches').catch(
      (e: Response) => e,
    )
    expect(signedOut).toBeInstanceOf(Response)
    expect((signedOut as Response).headers.get('Location')).toBe('/login')
  })
})

describe('an accepted upload', () => {
  const form = new FormData()
  form.append('payrollNumber', 'PL-0008')
  form.append('file', new Blob([new Uint8Array(1_000)]), 'abonos.xlsx')
  const upload = {
    permission: 'planillas_abonos' as const,
    path: '/payment-batches',
    successTo: '/planillas/abonos',
    message: 'Se está procesando la carga de abonos.',
    watch: 'abonos' as const,
  }
  const flashOf = async (response: Response) => {
    const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0]
    return (await sessionStorage.getSession(cookie)).get('toast')
  }

  it('goes to its list following the batch with no toast: the list says it once, then its end', async () => {
    apiAnswering(200, { status: 'OK', payload: { id: 9 }, messages: [] })
    const response = await uploadAction(await uploadRequest(form, ['planillas_abonos']), upload).catch(
      (r: Response) => r,
    )
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).headers.get('Location')).toBe('/planillas/abonos?carga=9')
    expect(await flashOf(response as Response)).toBeUndefined()
  })

  it('tells what the API said instead of the usual words (the upload waits for the queue)', async () => {
    apiAnswering(200, { status: 'OK', payload: { id: 10 }, messages: ['La carga espera su turno'] })
    const response = (await uploadAction(await uploadRequest(form, ['planillas_abonos']), upload).catch(
      (r: Response) => r,
    )) as Response
    expect(await flashOf(response)).toEqual({ type: 'info', message: 'La carga espera su turno' })
  })
})
