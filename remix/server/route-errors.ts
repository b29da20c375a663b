import { MESSAGES } from '@planillas/domain'
import { data, type ServerBuild } from 'react-router'
import { isApiError } from '../app/api-error'

type RouteFunction = (args: never) => unknown

/** A thrown Response or `data()` is already an answer Remix knows how to give: left alone. */
const isAnswer = (error: unknown) =>
  error instanceof Response ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { type?: unknown }).type === 'DataWithResponseInit')

const plainText = (text: string, status: number) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * A body the action could not read as a form: the Fetch API's `formData()` throws this TypeError for
 * a multipart without its boundary, cut short, with another boundary or empty. Not the server's fault.
 */
export const isMalformedForm = (error: unknown) =>
  error instanceof TypeError && /^Failed to parse body as FormData/.test(error.message)

/**
 * What a loader or action that failed answers instead of Remix's generic 500: an API refusal keeps
 * its status and Spanish messages (a page's error boundary shows them: a database outage's 503, a
 * record's 404), a body that is not a readable form is a Spanish 400 (every action's `formData()`
 * passes through here, wherever its route file lives), and a resource route (a download, no page to
 * show an error in) answers a Spanish text instead of 'Unexpected Server Error'. Anything else a page throws stays a 500 for its boundary.
 */
export function routeFailure(error: unknown, resource: boolean): unknown {
  if (isAnswer(error)) return error
  if (isApiError(error)) {
    const messages = error.messages.length ? error.messages : [MESSAGES.generic]
    return resource
      ? plainText(messages.join(' '), error.status)
      : data({ messages }, { status: error.status })
  }
  if (isMalformedForm(error)) {
    return resource
      ? plainText(MESSAGES.malformedForm, 400)
      : data({ messages: [MESSAGES.malformedForm] }, { status: 400 })
  }
  if (!resource) return error
  console.error(error)
  return plainText(MESSAGES.generic, 500)
}

/**
 * What a resource route returned or threw, as the web tier has always sent it: a Response as it is,
 * data (plain or `data()`) as JSON with `charset=utf-8` (Remix's `json()`; React Router 7 alone would
 * drop the charset), keeping the status and headers it was given.
 */
export function resourceAnswer(value: unknown): unknown {
  if (value instanceof Response || value === undefined) return value
  const wrapped = isAnswer(value) ? (value as { data: unknown; init: ResponseInit | null }) : null
  const init = wrapped?.init ?? {}
  const headers = new Headers(init.headers)
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(wrapped ? wrapped.data : value), { ...init, headers })
}

/**
 * The build with every route's loader and action answering failures through `routeFailure`: one
 * place instead of a try/catch in each of the app's ~60 routes.
 */
export function withRouteFailures(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue
    const module = route.module
    const resource = !module.default
    const guard = <F extends RouteFunction | undefined>(fn: F): F =>
      (fn &&
        (async (args: never) => {
          try {
            const answer = await fn(args)
            return resource ? resourceAnswer(answer) : answer
          } catch (error) {
            throw resource ? resourceAnswer(routeFailure(error, true)) : routeFailure(error, false)
          }
        })) as F
    routes[id] = {
      ...route,
      module: { ...module, loader: guard(module.loader), action: guard(module.action) },
    }
  }
  return { ...build, routes }
}
