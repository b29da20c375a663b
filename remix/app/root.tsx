import type { ReactNode } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { getUser } from './auth.server'
import { AppShell } from './components/layout/app-shell'
import { ErrorPanel } from './components/ui/error-panel'
import { Toasts } from './components/ui/toasts'
import { useNonce } from './nonce'
import { commitSession, getSession, type Toast } from './session.server'
import tailwind from './tailwind.css?url'
import { endedUploads } from './upload-notices.server'
import { errorTitle } from './utils/page-title'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwind },
  { rel: 'icon', href: '/favicon.ico' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await getUser(request)
  const session = await getSession(request)
  const toast = (session.get('toast') as Toast | undefined) ?? null
  // Uploads this browser sent that have ended since: told once, on this page, whichever it is.
  const uploads = signedIn ? await endedUploads(request) : { notices: [], watching: false, changed: false }
  // Reading a flash message consumes it: commit only then, so plain pages set no cookie.
  const headers = toast || uploads.changed ? await commitSession(request) : undefined
  return data(
    {
      user: signedIn?.user ?? null,
      toast,
      uploadNotices: uploads.notices,
      uploadsWatched: uploads.watching,
    },
    { headers },
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  return (
    <html lang="es-PE">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <RootErrorTitle />
        <Links />
      </head>
      <body>
        {root?.user ? (
          <AppShell user={root.user} notices={root.uploadNotices} watching={root.uploadsWatched}>
            {children}
          </AppShell>
        ) : (
          children
        )}
        {root?.toast ? (
          <Toasts key={`${root.toast.type}:${root.toast.message}:${Date.now()}`} toast={root.toast} />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** The root's own error (no route's meta runs then) still gets a title. */
function RootErrorTitle() {
  const error = useRouteError()
  return error ? <title>{`${errorTitle(error)} | Planillas`}</title> : null
}

export default function App() {
  useLoaderData<typeof loader>()
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<typeof loader>('root')
  return <ErrorPanel error={error} isResponse={isRouteErrorResponse(error)} standalone={!root?.user} />
}
