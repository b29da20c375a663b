import { MESSAGES } from '@planillas/domain'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../app/api-error'
import { withRouteFailures } from './route-errors'

/** A build of one resource route whose loader throws what the test gives it. */
function resourceBuild(thrown: () => unknown): ServerBuild {
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
    entry: { module: { default: () => new Response('') } },
    routes: {
      root: route('root', '', { default: () => null }),
      'routes/archivo': route(
        'routes/archivo',
        'archivo',
        {
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
    future: { v3_singleFetch: true },
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
