import { enumLabel, MESSAGES } from '@planillas/domain'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { ApiError, api } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { buttonClass } from '~/components/ui/button'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { redirectWithToast } from '~/session.server'
import { STATUS_RESOURCES } from '~/status-resources'

export const meta: MetaFunction = () => [{ title: 'Cambiar estado | Planillas' }]

function resolve(params: LoaderFunctionArgs['params'], url: URL) {
  const resource = STATUS_RESOURCES[params.resource ?? '']
  const id = Number(params.id)
  const status = Number(url.searchParams.get('status'))
  if (!resource || !Number.isInteger(id) || !resource.statuses[status])
    throw new Response('No encontrado', { status: 404 })
  const back = url.searchParams.get('back') ?? ''
  // Only same-site paths: never an open redirect.
  const safeBack = back.startsWith('/') && !back.startsWith('//') ? back : resource.list
  return { resource, id, status, back: safeBack }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { resource, id, status, back } = resolve(params, new URL(request.url))
  await requirePermission(request, resource.permission)
  const record = await api<Record<string, unknown>>(request, `${resource.api}/${id}`)
  return {
    name: resource.describe(record),
    noun: resource.noun,
    from: enumLabel(resource.statuses, record.status as number),
    to: enumLabel(resource.statuses, status),
    back,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { resource, id, status, back } = resolve(params, new URL(request.url))
  await requirePermission(request, resource.permission)
  try {
    await api(request, `${resource.api}/${id}/status`, { method: 'PUT', query: { status } })
  } catch (error) {
    if (error instanceof ApiError)
      return redirectWithToast(request, back, { type: 'error', message: error.messages.join(' ') })
    throw error
  }
  return redirectWithToast(request, back, { type: 'success', message: MESSAGES.statusUpdated })
}

/** The no-JavaScript confirmation page (with JavaScript the list opens the same question as a dialog). */
export default function ConfirmStatus() {
  const { name, noun, from, to, back } = useLoaderData<typeof loader>()
  return (
    <section
      className="mx-auto mt-8 max-w-md rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="confirm-title"
    >
      <h1 id="confirm-title" className="text-xl font-semibold">
        {MESSAGES.confirmStatusTitle}
      </h1>
      <p className="mt-2 text-slate-700">{MESSAGES.confirmStatusBody}</p>
      <p className="mt-4 text-sm text-slate-600">
        {noun[0].toUpperCase() + noun.slice(1)} <strong>{name}</strong> pasará de {from} a{' '}
        <strong>{to}</strong>.
      </p>
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={back} className={buttonClass('secondary')}>
          Cancelar
        </Link>
        <button type="submit" className={buttonClass('primary')}>
          Aceptar
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
