import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { isGroup, menuFor } from '~/menu'

export const meta: MetaFunction = () => [{ title: 'Control de pagos | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requirePermission(request, 'dashboard')
  const shortcuts = menuFor(user.roles)
    .flatMap((e) => (isGroup(e) ? e.children : [e]))
    .filter((l) => l.to !== '/')
  return { name: user.name, shortcuts }
}

/** The dashboard: 'Control de pagos', with a shortcut to every module the user may open. */
export default function Dashboard() {
  const { name, shortcuts } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-2xl font-semibold">
          Control de pagos
        </h1>
        <p className="mt-1 text-slate-600">Bienvenido(a), {name}.</p>
      </div>
      <nav aria-label="Accesos directos">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shortcuts.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="block rounded border border-slate-200 bg-white p-4 font-medium text-primary-dark shadow-sm hover:border-primary"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
