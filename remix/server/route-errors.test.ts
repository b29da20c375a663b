import { MESSAGES } from '@planillas/domain'
import { createRequestHandler, data, type EntryContext, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../app/api-error'
import { errorDetail } from '../app/components/ui/error-panel'
import { resourceAnswer, withRouteFailures } from './route-errors'

/** A build of one route (a resource route, or a page with `page`) whose loader throws what the test gives it. */
function resourceBuild(thrown: () => unknown, page = false): ServerBuild {
  const route = (
    id: string,
    path: string | undefined,
    module: Record<string, unknown>,
    parentId?: string,
  ) => ({
    id,
    path,
    parentId,
    module,
  })
  return {
    mode: 'production',
    // The document's renderer reports what Remix hands it: the status and each route's error.
    entry: {
      module: {
        default: (_request: Request, status: number, _headers: Headers, context: EntryContext) =>
          Response.json({ errors: context.staticHandlerContext.errors }, { status }),
      },
    },
    routes: {
      root: route('root', '', { default: () => null }),
      'routes/archivo': route(
        'routes/archivo',
        'archivo',
        {
          ...(page ? { default: () => null } : {}),
          loader: async () => {
            throw thrown()
          },
        },
        'root',
      ),
    },
    assets: { routes: {}, entry: { module: '', imports: [] }, url: '', version: '1' },
    publicPath: '/build/',
    assetsBuildDirectory: 'build',
    future: {},
    ssr: true,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    isSpaMode: false,
    basename: '/',
  } as unknown as ServerBuild
}

const get = (build: ServerBuild) =>
  createRequestHandler(withRouteFailures(build), 'production')(new Request('http://x/archivo'))

describe('a resource route (a download) that fails', () => {
  it("answers the API's refusal with its status and Spanish message", async () => {
    const response = await get(resourceBuild(() => new ApiError(404, ['No se encontró el archivo'])))
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('No se encontró el archivo')
  })

  it("answers any other fault with the Spanish generic message, not 'Unexpected Server Error'", async () => {
    const response = await get(resourceBuild(() => new TypeError('boom')))
    expect(response.status).toBe(500)
    expect(await response.text()).toBe(MESSAGES.generic)
  })

  it('leaves a thrown Response (a redirect) alone', async () => {
    const response = await get(
      resourceBuild(() => new Response(null, { status: 302, headers: { Location: '/login' } })),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
  })
})

describe('a resource route that answers data (the options and district look-ups)', () => {
  it('sends it as JSON with charset=utf-8, as Remix v2 did', async () => {
    const answer = resourceAnswer([{ value: '1', label: 'Lima' }]) as Response
    expect(answer.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(await answer.text()).toBe('[{"value":"1","label":"Lima"}]')
  })

  it("keeps the status and headers of data() and a Response's own", async () => {
    const answer = resourceAnswer(
      data({ messages: ['No'] }, { status: 400, headers: { 'X-A': '1' } }),
    ) as Response
    expect([answer.status, answer.headers.get('X-A'), answer.headers.get('Content-Type')]).toEqual([
      400,
      '1',
      'application/json; charset=utf-8',
    ])
    const response = new Response('x', { headers: { 'Content-Type': 'text/plain' } })
    expect(resourceAnswer(response)).toBe(response)
  })
})

describe('a page whose API call fails', () => {
  it("shows the API's status and Spanish message (a database outage), not the generic 500", async () => {
    const outage =
      'La base de datos no está disponible en este momento. Inténtelo nuevamente en unos segundos.'
    const response = await get(resourceBuild(() => new ApiError(503, [outage]), true))
    expect(response.status).toBe(503)
    const { errors } = (await response.json()) as { errors: Record<string, { status: number }> }
    // The nearest error boundary (here the root's) gets it.
    const [error] = Object.values(errors)
    expect(error).toMatchObject({ status: 503, data: { messages: [outage] } })
    expect(errorDetail(error, true)).toBe(outage)
  })
})

/** The four ways a multipart body is malformed: no boundary, cut short, another boundary, empty. */
const MALFORMED_MULTIPART: Record<string, { contentType: string; body: string }> = {
  'sin boundary': { contentType: 'multipart/form-data', body: 'description=Hola' },
  truncado: {
    contentType: 'multipart/form-data; boundary=XyZ',
    body: '--XyZ\r\nContent-Disposition: form-data; name="description"\r\n\r\nHol',
  },
  'otro boundary': {
    contentType: 'multipart/form-data; boundary=AbC',
    body: '--XyZ\r\nContent-Disposition: form-data; name="description"\r\n\r\nHola\r\n--XyZ--\r\n',
  },
  vacío: { contentType: 'multipart/form-data; boundary=XyZ', body: '' },
}

describe('an action posted a body that is not a readable form', () => {
  /** A page (or a resource route) whose action reads its form, as every form action does. */
  function actionBuild(page: boolean): ServerBuild {
    const build = resourceBuild(() => undefined, page)
    const route = build.routes['routes/archivo']
    if (!route) throw new Error('the test build has no routes/archivo')
    return {
      ...build,
      routes: {
        ...build.routes,
        'routes/archivo': {
          ...route,
          module: {
            ...route.module,
            action: async ({ request }: { request: Request }) => ({ got: [...(await request.formData())] }),
          },
        },
      },
    } as ServerBuild
  }
  const post = (build: ServerBuild, body: { contentType: string; body: string }) =>
    createRequestHandler(
      withRouteFailures(build),
      'production',
    )(
      new Request('http://x/archivo', {
        method: 'POST',
        headers: { 'Content-Type': body.contentType },
        body: body.body,
      }),
    )

  it.each(Object.entries(MALFORMED_MULTIPART))(
    '%s: a page answers 400 with the Spanish message',
    async (_name, body) => {
      const response = await post(actionBuild(true), body)
      expect(response.status).toBe(400)
      const { errors } = (await response.json()) as { errors: Record<string, unknown> }
      expect(Object.values(errors)[0]).toMatchObject({
        status: 400,
        data: { messages: [MESSAGES.malformedForm] },
      })
    },
  )

  it.each(Object.entries(MALFORMED_MULTIPART))(
    '%s: a resource route answers 400 in Spanish',
    async (_name, body) => {
      const response = await post(actionBuild(false), body)
      expect(response.status).toBe(400)
      expect(await response.text()).toBe(MESSAGES.malformedForm)
    },
  )
})
