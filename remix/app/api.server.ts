import {
  type BodyOf,
  CLIENT_ADDRESS_HEADER,
  type Endpoint,
  endpointUrl,
  MESSAGES,
  type ParamsOf,
  type ResponseOf,
} from '@planillas/domain'
import { redirect } from 'react-router'
import { ApiError } from './api-error'
import { createApiPool } from './api-pool.server'
import { type Answer, exchange } from './api-transport.server'
import { requireUser } from './auth.server'
import { clientAddressHeaders } from './client-address.server'
import { webConfig } from './config.server'
import { destroySessionHeaders } from './session.server'

export { ApiError } from './api-error'

/** The API's addresses (API_URL, or the local API at API_PORT), as the web server was started with. */
export const API_URL = webConfig().apiUrl
/** Each call goes to one of them, and to the next when it may (remix/app/api-pool.server.ts). */
const pool = createApiPool(webConfig().apiUrls)

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>

type CallOptions = {
  method?: string
  body?: unknown
  query?: Query
  token?: string | null
  /** The body is sent as it is, with this content type (a multipart stream passed on from the browser). */
  contentType?: string
}

/** Arrays go without indices (areaIds=1&areaIds=2); empty values are left out. */
export function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v))
  }
  return params
}

/** The URL of an API path with its query, on one API's address. */
const urlOf = (baseUrl: string, path: string, query?: Query) => {
  const params = toSearchParams(query).toString()
  return `${baseUrl}/api/v1${path}${params ? `?${params}` : ''}`
}

/** The signed-in user's token and, for a JSON body, its content type. */
const headersOf = (
  token: string | null | undefined,
  json: boolean,
  request?: Request,
): Record<string, string> => ({
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
  ...(json ? { 'Content-Type': 'application/json' } : {}),
  ...clientAddressHeaders(request?.headers.get(CLIENT_ADDRESS_HEADER), webConfig().CLIENT_ADDRESS_SECRET),
})

const methodOf = (options: CallOptions) => options.method ?? (options.body === undefined ? 'GET' : 'POST')

/** The session's access token, unless the call says which (`token: null`: none). */
const tokenOf = async (request: Request, options: CallOptions) =>
  options.token === undefined ? (await requireUser(request)).accessToken : options.token

/** What every answer means beyond the call: a 401 signs out, a 403 is the forbidden page. */
async function checkAnswer(request: Request, status: number, token: string | null) {
  // A 401 with a session clears it and goes to login.
  if (status === 401 && token) throw redirect('/login', { headers: await destroySessionHeaders(request) })
  if (status === 403) throw new Response(MESSAGES.forbidden, { status: 403 })
}

/**
 * The body and headers fetch sends: FormData as multipart (fetch writes its boundary), a body with
 * its own content type as it is (streamed: `duplex: 'half'`), anything else as JSON.
 */
function bodyOf(token: string | null | undefined, options: CallOptions): RequestInit {
  const { body, contentType } = options
  if (body === undefined || body instanceof FormData)
    return { headers: headersOf(token, false), body: body as FormData | undefined }
  if (contentType)
    return {
      headers: { ...headersOf(token, false), 'Content-Type': contentType },
      body: body as BodyInit,
      duplex: 'half',
    } as RequestInit
  return { headers: headersOf(token, true), body: JSON.stringify(body) }
}

/** A raw call to the API (downloads and multipart forms use it); `token: null` calls without signing in. */
export async function apiFetch(request: Request, path: string, options: CallOptions = {}): Promise<Response> {
  const token = await tokenOf(request, options)
  let response: Response
  const method = methodOf(options)
  // A streamed body (an upload passed on as it arrives) can be sent once only.
  const replayable = !(options.body instanceof ReadableStream)
  try {
    response = await pool.run(
      method,
      (baseUrl) => fetch(urlOf(baseUrl, path, options.query), { method, ...bodyOf(token, options) }),
      { replayable },
    )
  } catch {
    throw new ApiError(503, [MESSAGES.generic])
  }
  await checkAnswer(request, response.status, token)
  return response
}

/** What a call to an endpoint takes: its path parameters (when it has any), body and query. */
export type EndpointCall<E extends Endpoint> = {
  body?: BodyOf<E>
  query?: Query
  token?: string | null
} & (keyof ParamsOf<E> extends never ? { params?: never } : { params: ParamsOf<E> })

/**
 * A call to an endpoint of the API contract (`ENDPOINTS` in the domain): the payload it answers, typed
 * by the API's own response schema, or an ApiError with the server's messages. The payload is not
 * parsed again here: the API serialises every answer through that schema (docs/decisions/api-contract.md).
 */
export async function call<E extends Endpoint>(
  request: Request,
  endpoint: E,
  ...[options]: keyof ParamsOf<E> extends never ? [EndpointCall<E>?] : [EndpointCall<E>]
): Promise<ResponseOf<E>> {
  const { method, path } = endpointUrl(endpoint, options?.params)
  return json<ResponseOf<E>>(request, path, {
    method,
    body: options?.body,
    query: options?.query,
    token: options?.token,
  })
}

/**
 * A JSON call by path: the envelope's payload, or an ApiError with the server's messages. JSON bodies
 * go through `exchange` (node:http, kept-alive), not fetch: the list pages make one per request.
 * A multipart body (a form with its file) goes through fetch, which encodes FormData.
 */
async function json<T>(request: Request, path: string, options: CallOptions = {}): Promise<T> {
  const answer =
    options.body instanceof FormData
      ? await formAnswer(request, path, options)
      : await jsonAnswer(request, path, options)
  return opened<T>(answer).payload
}

/** An answer's envelope: its payload and messages, or an ApiError with the server's messages. */
function opened<T>(answer: Answer): { payload: T; messages: string[] } {
  let envelope: { status?: string; payload?: T; messages?: string[] } | null = null
  try {
    envelope = JSON.parse(answer.text)
  } catch {}
  if (answer.status < 200 || answer.status > 299 || envelope?.status !== 'OK') {
    throw new ApiError(answer.status, envelope?.messages?.length ? envelope.messages : [MESSAGES.generic])
  }
  return { payload: envelope.payload as T, messages: envelope.messages ?? [] }
}

/**
 * Passes a multipart body on to the API as it arrives (an upload: its files are never held here),
 * through fetch, with the form's own content type and boundary: the payload and the API's
 * messages, or an ApiError with them.
 */
export async function forwardMultipart<T>(
  request: Request,
  path: string,
  body: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<{ payload: T; messages: string[] }> {
  return opened<T>(await formAnswer(request, path, { method: 'POST', body, contentType }))
}

async function jsonAnswer(request: Request, path: string, options: CallOptions): Promise<Answer> {
  const token = await tokenOf(request, options)
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  let answer: Answer
  try {
    const method = methodOf(options)
    const headers = headersOf(token, body !== undefined, request)
    answer = await pool.run(method, (baseUrl) =>
      exchange(urlOf(baseUrl, path, options.query), { method, headers, body }),
    )
  } catch {
    throw new ApiError(503, [MESSAGES.generic])
  }
  await checkAnswer(request, answer.status, token)
  return answer
}

async function formAnswer(request: Request, path: string, options: CallOptions): Promise<Answer> {
  const response = await apiFetch(request, path, options)
  return { status: response.status, text: await response.text().catch(() => '') }
}

/** Passes a file from the API to the browser, keeping its name. */
export async function apiDownload(
  request: Request,
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const response = await apiFetch(request, path, options)
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { messages?: string[] } | null
    throw new ApiError(response.status, envelope?.messages ?? [MESSAGES.generic])
  }
  const headers = new Headers()
  for (const name of ['Content-Type', 'Content-Disposition', 'Content-Length']) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(response.body, { status: 200, headers })
}
