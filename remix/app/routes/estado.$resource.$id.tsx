import { enumLabel, MAX_ID, MESSAGES } from '@planillas/domain'
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router'
import { ApiError, call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { ReasonField, StatusConfirmation } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { orBackToList } from '~/record.server'
import { redirectWithToast } from '~/session.server'
import { forgetCachedCatalogue } from '~/status-caches.server'
import { type StatusResource, statusResource } from '~/status-resources'
import { pageTitle } from '~/utils/page-title'
import { sameOriginPath } from '~/utils/same-origin-path'

export const meta = pageTitle('Cambiar estado')

function resolve(params: LoaderFunctionArgs['params'], url: URL) {
  const resource = statusResource(params.resource)
  const status = Number(url.searchParams.get('status'))
  if (!resource?.statuses[status]) throw new Response('No encontrado', { status: 404 })
  const id = recordKey(resource, params.id)
  if (id === null) throw new Response('No encontrado', { status: 404 })
  // Only paths of this site: never an open redirect (`/\host` is another site to a browser).
  return { resource, id, status, back: sameOriginPath(url.searchParams.get('back'), resource.list) }
}

/** The record's key from the URL: a positive integer id, or a code where the resource says so (banks). */
function recordKey(resource: StatusResource, key: string | undefined): number | string | null {
  if (resource.codeKey) return key && resource.codeKey.test(key) ? key : null
  // Decimal digits only: Number() would read '0x10' as 16.
  const id = /^[1-9][0-9]{0,9}$/.test(key ?? '') ? Number(key) : 0
  return id >= 1 && id <= MAX_ID ? id : null
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resource, id, status, back } = resolve(params, new URL(request.url))
  await requirePermission(request, resource.permission)
  const record = await orBackToList(
    request,
    back,
    (): Promise<Record<string, unknown>> =>
      resource.api === 'banks'
        ? call(request, 'GET /banks/:code', { params: { code: String(id) } })
        : call(request, `GET /${resource.api}/:id`, { params: { id: Number(id) } }),
  )
  const from = enumLabel(resource.statuses, record.status as number)
  // Resources with a status engine (contracts) offer only its transitions, some with a reason.
  const transition = resource.transitions?.(record).find((t) => t.status === status)
  if (resource.transitions && !transition) {
    const message = `Esta acción no está disponible: ${resource.noun} ${resource.describe(record)} está ${from}`
    throw await redirectWithToast(request, back, { type: 'error', message })
  }
  return {
    name: resource.describe(record),
    noun: resource.noun,
    from,
    to: enumLabel(resource.statuses, status),
    reason: transition?.reason ?? null,
    back,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { resource, id, status, back } = resolve(params, new URL(request.url))
  await requirePermission(request, resource.permission)
  const form = await request.formData()
  const reason = String(form.get('reason') ?? '').trim()
  try {
    const body = reason ? { reason } : undefined
    if (resource.api === 'banks')
      await call(request, 'PUT /banks/:code/status', { params: { code: String(id) }, query: { status } })
    else
      await call(request, `PUT /${resource.api}/:id/status`, {
        params: { id: Number(id) },
        query: { status },
        body,
      })
  } catch (error) {
    // The confirmation page (no JavaScript) shows the refusal in place, so a reason can be corrected.
    if (error instanceof ApiError && error.status === 400 && form.get('from') === 'page')
      return data(
        {
          error: error.messages.join(' '),
          // Shown beside the reason when it is about the reason.
          reasonError: error.messages.some((m) => /motivo/i.test(m)),
        },
        { status: 400 },
      )
    if (error instanceof ApiError)
      return redirectWithToast(request, back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  forgetCachedCatalogue(resource)
  return redirectWithToast(request, back, { type: 'success', message: MESSAGES.statusUpdated })
}

/** The no-JavaScript confirmation page (with JavaScript the list opens the same question as a dialog). */
export default function ConfirmStatus() {
  const { name, noun, from, to, reason, back } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() as { error?: string; reasonError?: boolean } | undefined
  return (
    <StatusConfirmation
      back={back}
      summary={
        <>
          {noun[0].toUpperCase() + noun.slice(1)} <strong>{name}</strong> pasará de {from} a{' '}
          <strong>{to}</strong>.
        </>
      }
    >
      <input type="hidden" name="from" value="page" />
      {refused?.error && !refused.reasonError ? (
        <p role="alert" className="w-full rounded bg-red-50 px-3 py-2 text-sm text-red-900">
          {refused.error}
        </p>
      ) : null}
      {reason ? (
        <ReasonField required={reason === 'required'} error={refused?.reasonError ? refused.error : null} />
      ) : null}
    </StatusConfirmation>
  )
}

export const ErrorBoundary = RouteErrorBoundary
