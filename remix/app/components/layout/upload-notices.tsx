import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { UploadNotice } from '~/upload-notices.server'
import { useHydrated } from '~/utils/use-hydrated'

/** Where the header asks, with JavaScript, whether a watched upload has ended (routes/avisos.tsx). */
export const NOTICES_PATH = '/avisos'
/** The first wait between two questions, and the longest once nothing has changed for a while. */
const FIRST_WAIT_MS = 3_000
const LONGEST_WAIT_MS = 30_000

/** Notices by key: the later copy of one replaces the earlier, new ones go last. */
export function mergeNotices(shown: readonly UploadNotice[], more: readonly UploadNotice[]): UploadNotice[] {
  const keys = new Set(more.map((n) => n.key))
  return [...shown.filter((n) => !keys.has(n.key)), ...more]
}

/**
 * The notices of uploads that ended (upload-notices.server.ts), at the top of every page. Without
 * JavaScript they are the root loader's, on the page that told them. With it they are kept here:
 * whatever a load or a revalidation of the root brings is merged in by key (a revalidation bringing
 * none leaves them), and while the session watches a running upload the page asks `/avisos` every
 * few seconds (longer and longer while nothing ends; not while the tab is hidden), so an end shows
 * on the page the clerk stays on. A notice stays until closed or until the clerk goes to another page.
 */
export function UploadNotices({ notices, watching }: { notices: UploadNotice[]; watching: boolean }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [shown, setShown] = useState(notices)
  const [polling, setPolling] = useState(watching)
  const last = useRef({ key: location.key, notices, watching })

  // What the root loader brought: a navigation shows its page's notices; a revalidation adds.
  useEffect(() => {
    const before = last.current
    last.current = { key: location.key, notices, watching }
    const fresh = before.notices !== notices
    if (before.key !== location.key) setShown(fresh ? notices : [])
    else if (fresh) setShown((s) => mergeNotices(s, notices))
    if (fresh || before.watching !== watching) setPolling(watching)
  }, [location.key, notices, watching])

  useEffect(() => {
    if (!polling) return
    let wait = FIRST_WAIT_MS
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const schedule = () => {
      clearTimeout(timer)
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(ask, wait)
    }
    const ask = async () => {
      try {
        const here = `${window.location.pathname}${window.location.search}`
        const response = await fetch(`${NOTICES_PATH}?pagina=${encodeURIComponent(here)}`, {
          headers: { Accept: 'application/json' },
          cache: 'no-store',
        })
        if (stopped) return
        if (response.ok) {
          const answer = (await response.json()) as { notices: UploadNotice[]; watching: boolean }
          if (stopped) return
          if (answer.notices.length) setShown((s) => mergeNotices(s, answer.notices))
          if (!answer.watching) {
            setPolling(false)
            return
          }
          wait = answer.notices.length ? FIRST_WAIT_MS : Math.min(wait * 1.5, LONGEST_WAIT_MS)
        } else if (response.status === 401) {
          setPolling(false)
          return
        } else wait = Math.min(wait * 2, LONGEST_WAIT_MS)
      } catch {
        // Offline or the server restarting: ask again later.
        wait = Math.min(wait * 2, LONGEST_WAIT_MS)
      }
      schedule()
    }
    // A tab shown again asks at once; a hidden one waits.
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') clearTimeout(timer)
      else {
        wait = FIRST_WAIT_MS
        clearTimeout(timer)
        void ask()
      }
    }
    document.addEventListener('visibilitychange', onVisibility)
    schedule()
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [polling])

  const close = (key: string) => setShown((s) => s.filter((n) => n.key !== key))
  // The live region is always there, so a notice added to it is read out.
  return (
    <div aria-live="polite" className="print:hidden">
      {shown.length ? (
        <section
          aria-label="Cargas terminadas"
          data-testid="upload-notices"
          className="mb-4 flex flex-col gap-2"
        >
          {shown.map((n) => (
            <p
              key={n.key}
              className="flex flex-wrap items-center justify-between gap-2 rounded border-l-4 border-primary bg-primary-light px-4 py-3 text-sm text-slate-900"
            >
              <span>{n.text}</span>
              <span className="flex items-center gap-3">
                <a href={n.href} className="font-medium text-primary-dark underline">
                  Ver la carga
                </a>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => close(n.key)}
                    className="rounded px-1 text-lg leading-none text-slate-700 hover:bg-white/60"
                    aria-label={`Cerrar el aviso: ${n.text}`}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                ) : null}
              </span>
            </p>
          ))}
        </section>
      ) : null}
    </div>
  )
}
