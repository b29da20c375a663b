import type { LoaderFunctionArgs } from 'react-router'
import { requireUser } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { pageTitle } from '~/utils/page-title'

/**
 * Any address no screen answers: a 404 inside the app's frame (the root loader runs for a matched
 * route, so the menu is there), with its title. Signed out, the sign-in comes first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  throw new Response('No encontrado', { status: 404 })
}

export const meta = pageTitle('Página no encontrada')

export default function NotFound() {
  return null
}

export const ErrorBoundary = RouteErrorBoundary
