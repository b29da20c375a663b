import type { NextFunction, Request, Response } from 'express'

/** Methods that change nothing: everything else is a mutation, whatever its URL (`?_data=`, `.data`). */
const SAFE_METHODS = new Set(['GET', 'HEAD'])

const REFUSED_PAGE = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>Solicitud rechazada | Planillas</title></head>
<body>
<main>
<h1>Solicitud rechazada</h1>
<p>No se aceptó el envío porque no proviene de Planillas. Si lo envió usted, vuelva a la página e inténtelo nuevamente.</p>
<p><a href="/">Ir al inicio</a></p>
</main>
</body>
</html>
`

/** The origin of a URL-like header value, or null when it is not a URL (`Origin: null` included). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Whether a mutating request comes from our own pages. The browser says where it comes from in
 * `Origin`; without it (older browsers, some navigations) `Sec-Fetch-Site` and `Referer` still tell
 * a foreign page apart. A request with none of them is not a browser's cross-site request (a
 * browser cannot omit all three while carrying our SameSite=Lax cookie), so it passes.
 */
export function isSameOrigin(req: Request, allowedOrigin: string | undefined): boolean {
  const host = req.headers.host
  const ours = (origin: string | null) =>
    origin !== null && (allowedOrigin ? origin === allowedOrigin : new URL(origin).host === host)
  const origin = req.headers.origin
  if (origin !== undefined) return ours(originOf(origin))
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const referer = req.headers.referer
  if (referer !== undefined) return ours(originOf(referer))
  return true
}

/**
 * Express middleware in front of Remix: refuses with 403 (a Spanish page) every non-GET/HEAD request
 * that another site sent, whatever its shape — a form post, Remix's single-fetch `.data` or the
 * legacy `?_data=` — so no action runs for it. The allowed origin is WEB_URL's (or, without it, the
 * request's own Host). The session is left as it is: a foreign page must not be able to sign us out.
 */
export function webOriginCheck(webUrl: string | undefined) {
  const allowedOrigin = webUrl ? (originOf(webUrl) ?? undefined) : undefined
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req, allowedOrigin)) return next()
    res.status(403).type('html').set('Cache-Control', 'no-store').send(REFUSED_PAGE)
  }
}
