import { MESSAGES, type Permission } from '@planillas/domain'
import { data, redirect } from 'react-router'
import { ApiError, forwardMultipart } from './api.server'
import { requirePermission } from './auth.server'
import { commitSession, redirectWithToast, type Toast } from './session.server'
import { type WatchedUpload, watchUpload } from './upload-notices.server'
import { RECEIVED_PARAM } from './upload-results'

export type ForwardedUpload<T> =
  | { ok: true; payload: T; messages: string[] }
  | { ok: false; status: number; messages: string[]; fields: Record<string, string> }

/**
 * The action of an upload form: the form goes to the API as it arrives; accepted, the user goes
 * to `successTo` with the toast `message`; refused, the form comes back with the API's messages
 * and the text fields as typed.
 */
export async function uploadAction(
  request: Request,
  upload: {
    permission: Permission
    path: string
    successTo: string
    message: string
    /** What the batch is, for the notice of its end on a later page (upload-notices.server.ts). */
    watch: WatchedUpload['kind']
  },
) {
  await requirePermission(request, upload.permission)
  const result = await forwardUpload<{ id: number }>(request, upload.path)
  if (result.ok) {
    // The list then follows this batch until it ends (UploadOutcome).
    const id = Number(result.payload?.id)
    const to =
      Number.isInteger(id) && id > 0 ? `${upload.successTo}?${RECEIVED_PARAM}=${id}` : upload.successTo
    if (Number.isInteger(id) && id > 0) {
      await watchUpload(request, { kind: upload.watch, id })
      // The list says 'Se recibió el archivo…' itself and replaces it with the end (UploadOutcome):
      // a toast would say it a second time. Only a different word of the API's is told.
      const toast = acceptedToast(result.messages, upload.message)
      return toast.type === 'success'
        ? redirect(to, { headers: await commitSession(request) })
        : redirectWithToast(request, to, toast)
    }
    return redirectWithToast(request, to, acceptedToast(result.messages, upload.message))
  }
  return data({ messages: result.messages, fields: result.fields }, { status: 400 })
}

/**
 * The toast of an accepted upload: the usual words, or what the API said instead (the upload was
 * kept but waits for the job queue), shown as information rather than success.
 */
export function acceptedToast(apiMessages: string[], usual: string): Toast {
  const message = apiMessages[0] ?? usual
  return { type: message === usual ? 'success' : 'info', message }
}

/** How far into the body the text fields are looked for: they come before the files. */
const PEEK_LIMIT = 64 * 1024

/**
 * Passes a multipart form from the browser to the API as it arrives, without holding the files
 * (the action reads no part of them): the request body is streamed to the API with its own
 * boundary. A copy of its first bytes gives back the text fields that precede the files, so that a
 * refused form can be shown again with what the clerk typed, even without JavaScript.
 */
export async function forwardUpload<T>(request: Request, path: string): Promise<ForwardedUpload<T>> {
  const contentType = request.headers.get('Content-Type') ?? ''
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !boundary || !request.body) {
    return { ok: false, status: 400, messages: [MESSAGES.malformedForm], fields: {} }
  }
  const [toApi, toPeek] = request.body.tee()
  const peeking = leadingFields(toPeek, boundary[1] ?? boundary[2])
  try {
    const { payload, messages } = await forwardMultipart<T>(request, path, toApi, contentType)
    return { ok: true, payload, messages }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { ok: false, status: error.status, messages: error.messages, fields: await peeking }
  }
}

/**
 * The text parts at the start of a multipart body, up to the first file part (or PEEK_LIMIT
 * bytes); then the copy is cancelled so that the rest streams to the API alone.
 */
export async function leadingFields(
  body: ReadableStream<Uint8Array>,
  boundary: string,
): Promise<Record<string, string>> {
  const reader = body.getReader()
  const chunks: Buffer[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(Buffer.from(value))
      size += value.length
      const parsed = parseFieldParts(Buffer.concat(chunks).toString('latin1'), boundary)
      if (parsed.sawFile || size >= PEEK_LIMIT) return parsed.fields
    }
    return parseFieldParts(Buffer.concat(chunks).toString('latin1'), boundary).fields
  } catch {
    return {}
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

/** Complete text parts of a (possibly partial) multipart body read as latin1. */
export function parseFieldParts(head: string, boundary: string) {
  const fields: Record<string, string> = {}
  const parts = head.split(`--${boundary}`)
  // The last piece may be cut off; only pieces followed by another delimiter are complete.
  for (const part of parts.slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) continue
    const headers = part.slice(0, split)
    if (/filename\*?=/i.test(headers)) return { fields, sawFile: true }
    const name = /name="([^"]*)"/i.exec(headers)?.[1]
    if (!name) continue
    const value = part.slice(split + 4).replace(/\r\n$/, '')
    fields[Buffer.from(name, 'latin1').toString('utf8')] = Buffer.from(value, 'latin1').toString('utf8')
  }
  const last = parts[parts.length - 1] ?? ''
  const end = last.indexOf('\r\n\r\n')
  return { fields, sawFile: /filename\*?=/i.test(end < 0 ? last : last.slice(0, end)) }
}
