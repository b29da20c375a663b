import { ApiError } from './api.server'

/**
 * 'Descargar constancias': the merged receipts are built by the worker right after the batch is
 * processed, and the API answers 409 until they are stored. A click that comes a moment too soon
 * waits for them (asking again every `retryMs`, `waitMs` at most); past that, a plain page says
 * why there is no file yet and asks again by itself, with or without JavaScript. Never a 500.
 */
export async function downloadWhenReady(
  batchId: number,
  download: () => Promise<Response>,
  {
    waitMs = 8000,
    retryMs = 500,
    signal,
    back = { href: '/planillas/abonos', label: 'Carga de abonos' },
  }: {
    waitMs?: number
    retryMs?: number
    signal?: AbortSignal
    /** The list the plain page goes back to. */
    back?: { href: string; label: string }
  } = {},
): Promise<Response> {
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      return await download()
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error
      if (Date.now() + retryMs >= deadline || signal?.aborted)
        return preparingPage(batchId, error.messages, back)
      await new Promise((resolve) => setTimeout(resolve, retryMs))
    }
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function preparingPage(batchId: number, messages: string[], back: { href: string; label: string }) {
  const html = `<!doctype html>
<html lang="es-PE">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Constancias de la carga de abonos #${batchId}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size: 1.25rem">Constancias de la carga de abonos #${batchId}</h1>
<p role="status">${messages.map(escapeHtml).join(' ')}</p>
<p>Esta página se actualizará sola y la descarga empezará cuando estén listas.</p>
<p><a href="${escapeHtml(back.href)}">Volver a ${escapeHtml(back.label)}</a></p>
</body>
</html>`
  return new Response(html, {
    status: 409,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '5', 'Cache-Control': 'no-store' },
  })
}
