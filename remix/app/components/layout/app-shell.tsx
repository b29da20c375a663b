import type { ReactNode } from 'react'
import { menuFor } from '~/menu'
import type { SessionUser } from '~/session.server'
import type { UploadNotice } from '~/upload-notices.server'
import { SideMenu } from './side-menu'
import { UploadNotices } from './upload-notices'

export const APP_VERSION = '1.0.0'

/**
 * The signed-in frame: one menu, a fixed sidebar from 992 px and a drawer below it. The drawer is a
 * checkbox toggle, so it opens and closes without JavaScript too. One menu, not a sidebar and a
 * drawer of the same links: half the links to render on every page and one landmark.
 */
export function AppShell({
  user,
  notices = [],
  watching = false,
  children,
}: {
  user: SessionUser
  /** Uploads of this user that ended since the last page (upload-notices.server.ts). */
  notices?: UploadNotice[]
  /** Some upload of this browser is still running: with JavaScript the header asks for its end. */
  watching?: boolean
  children: ReactNode
}) {
  return (
    <div className="min-h-screen lg:flex print:block print:min-h-0">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
      >
        Saltar al contenido
      </a>
      <input type="checkbox" id="drawer-toggle" className="peer sr-only lg:hidden" aria-label="Abrir menú" />
      <header className="flex items-center justify-between bg-primary-dark px-4 py-3 text-white lg:hidden print:hidden">
        <label htmlFor="drawer-toggle" className="cursor-pointer rounded p-1 hover:bg-white/10">
          <span className="sr-only">Menú</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </label>
        <span className="font-semibold">Planillas</span>
        <span className="w-8" />
      </header>
      <label
        htmlFor="drawer-toggle"
        className="fixed inset-0 z-30 hidden bg-black/40 peer-checked:block lg:peer-checked:hidden print:hidden"
      >
        <span className="sr-only">Cerrar menú</span>
      </label>
      <aside
        className="fixed inset-y-0 left-0 z-40 hidden w-72 flex-col overflow-y-auto bg-primary-dark text-white shadow-xl peer-checked:flex lg:static lg:z-auto lg:flex lg:w-64 lg:shrink-0 lg:overflow-visible lg:shadow-none print:hidden"
        aria-label="Menú principal"
      >
        <Brand />
        <SideMenu menu={menuFor(user.roles)} />
        <UserBox user={user} />
      </aside>

      <main id="contenido" className="min-w-0 flex-1 p-4 lg:p-6 print:p-0">
        <UploadNotices notices={notices} watching={watching} />
        {children}
      </main>
    </div>
  )
}

function Brand() {
  return (
    <div className="px-5 py-5 text-lg font-bold tracking-wide">
      Planillas<span className="ml-1 text-xs font-normal text-sky-200">Perú</span>
    </div>
  )
}

function UserBox({ user }: { user: SessionUser }) {
  return (
    <div className="mt-auto border-t border-white/20 px-5 py-4 text-sm">
      <p className="font-semibold" data-testid="user-name">
        {user.name}
      </p>
      <p className="truncate text-sky-100">{user.email}</p>
      <form method="post" action="/logout" className="mt-3">
        <button type="submit" className="rounded border border-white/40 px-3 py-1 hover:bg-white/10">
          Cerrar sesión
        </button>
      </form>
      <p className="mt-3 text-xs text-sky-200">Versión {APP_VERSION}</p>
    </div>
  )
}
