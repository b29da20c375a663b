import type { LoaderFunctionArgs } from 'react-router'
import { getUser } from '~/auth.server'
import { commitSession } from '~/session.server'
import { type EndedUploads, endedUploads } from '~/upload-notices.server'

/** What the header's notices ask while an upload this browser sent is running. */
export type NoticesPoll = Omit<EndedUploads, 'changed'>

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The poll's answer as JSON, with the content type Remix's `json()` gave it (React Router 7 has no `json`). */
const json = (poll: NoticesPoll, init: { status?: number; headers: Record<string, string> }) =>
  new Response(JSON.stringify(poll), {
    status: init.status,
    headers: { ...init.headers, 'Content-Type': 'application/json; charset=utf-8' },
  })

/**
 * GET /avisos (JSON): the uploads of this browser that have ended since the last look, told once
 * (the session forgets them), and whether some is still running. Polled by the header with
 * JavaScript (UploadNotices); without it the next page's root loader tells the same.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getUser(request)))
    return json({ notices: [], watching: false } satisfies NoticesPoll, { status: 401, headers: NO_STORE })
  // The page the header polls from (`pagina`), so that a list following the upload tells it alone.
  const from = new URL(request.url).searchParams.get('pagina')
  const page = from?.startsWith('/') && !from.startsWith('//') ? new URL(from, request.url) : null
  const { notices, watching, changed } = await endedUploads(request, page)
  const headers = changed ? { ...NO_STORE, ...(await commitSession(request)) } : NO_STORE
  return json({ notices, watching } satisfies NoticesPoll, { headers })
}
