import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from 'react-router'
import { getUser } from '~/auth.server'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { authenticator, signInErrorMessage } from '~/oidc.server'
import { redirectWithToast } from '~/session.server'

export const meta: MetaFunction = () => [
  { title: 'Iniciar sesión | Planillas' },
  { name: 'description', content: 'Back-office de personal y planillas' },
]

/** Public page; a signed-in user goes straight to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect('/')
  return null
}

/** The sign-in button: off to the identity provider, with state, nonce and PKCE. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    await authenticator.authenticate('oidc', request)
  } catch (error) {
    if (error instanceof Response) throw error
    return redirectWithToast(request, '/login', { type: 'error', message: signInErrorMessage(error) })
  }
  return redirect('/login')
}

const FEATURES = [
  ['Colaboradores y contratos', 'Datos personales, bancarios y contratos con sus fechas de vencimiento.'],
  ['Planillas y abonos', 'Carga de planillas en Excel, validación fila por fila y registro de pagos.'],
  ['Auditoría', 'Cada cambio queda registrado con su autor, fecha y descripción.'],
] as const

export default function Login() {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-primary-dark to-slate-900 text-white">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-6 py-5">
        <span className="text-lg font-semibold tracking-wide">Planillas</span>
      </header>
      <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-12 px-6 py-10 lg:grid-cols-2">
        <section aria-labelledby="headline">
          <h1 id="headline" className="text-4xl leading-tight font-bold sm:text-5xl">
            Controla los pagos de tus proveedores fácilmente
          </h1>
          <p className="mt-5 max-w-xl text-lg text-sky-100">
            El back-office de personal y planillas: colaboradores, contratos, cargas de planillas y
            constancias de abono en un solo lugar.
          </p>
          <Form method="post" reloadDocument className="mt-8 flex flex-wrap items-center gap-4">
            <button
              type="submit"
              className="rounded-md bg-white px-6 py-3 text-lg font-semibold text-primary-dark shadow hover:bg-sky-50"
            >
              Iniciar sesión
            </button>
            <Link
              to="/ayuda"
              className="font-medium text-sky-100 underline underline-offset-4 hover:text-white"
            >
              Documentación
            </Link>
          </Form>
          <p className="mt-4 text-sm text-sky-100">
            Ingresará con la cuenta de su empresa (inicio de sesión único).
          </p>
        </section>
        <section aria-label="Qué puede hacer" className="grid gap-4">
          {FEATURES.map(([title, text]) => (
            <div key={title} className="rounded-lg bg-white/10 p-5 ring-1 ring-white/20">
              <h2 className="text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-sky-100">{text}</p>
            </div>
          ))}
        </section>
      </main>
      <footer className="px-6 py-4 text-center text-sm text-sky-100">Planillas · versión 1.0.0</footer>
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
