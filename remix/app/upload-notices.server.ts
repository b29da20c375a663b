import { isBatchRunning, isPaymentBatchRunning } from '@planillas/domain'
import { ApiError, call } from './api.server'
import { getSession } from './session.server'
import {
  constanciaUploadResult,
  padronUploadResult,
  paymentUploadResult,
  payrollUploadResult,
  RECEIVED_PARAM,
  voucherUploadResult,
} from './upload-results'

/** An upload this browser sent and has not yet been told the end of. */
export type WatchedUpload = {
  kind: 'planilla' | 'abonos' | 'comprobantes' | 'constancias' | 'padron'
  id: number
}
/** What the header says of an upload that ended, with where to see it. */
export type UploadNotice = { key: string; text: string; href: string }

const WATCHED_KEY = 'uploads'
/** A clerk rarely has more running at once; the oldest are dropped past this. */
const MAX_WATCHED = 5

const watchedOf = (value: unknown): WatchedUpload[] =>
  Array.isArray(value)
    ? value.filter(
        (w): w is WatchedUpload =>
          (w?.kind === 'planilla' ||
            w?.kind === 'abonos' ||
            w?.kind === 'comprobantes' ||
            w?.kind === 'constancias' ||
            w?.kind === 'padron') &&
          Number.isInteger(w?.id) &&
          w.id > 0,
      )
    : []

/** Remembers in the session an upload just accepted (uploadAction), to tell its end on a later page. */
export async function watchUpload(request: Request, upload: WatchedUpload) {
  const session = await getSession(request)
  const watched = watchedOf(session.get(WATCHED_KEY)).filter(
    (w) => w.kind !== upload.kind || w.id !== upload.id,
  )
  session.set(WATCHED_KEY, [...watched, upload].slice(-MAX_WATCHED))
}

/** What `endedUploads` found: the notices to show, whether some upload is still watched. */
export type EndedUploads = {
  notices: UploadNotice[]
  /** Some upload is still running: with JavaScript the page asks `/avisos` again in a while. */
  watching: boolean
  /** The session changed (an upload was told): it must be committed. */
  changed: boolean
}

/**
 * The uploads this browser is waiting for that have ended since, as notices: the root loader's part
 * (the header of whatever page comes next, server-rendered, so without JavaScript too) and the
 * `/avisos` resource's (polled with JavaScript while `watching`). Asks the API only while some upload
 * is watched; an ended (or vanished) one is forgotten once told.
 */
export async function endedUploads(
  request: Request,
  page: URL | null = pageOf(request),
): Promise<EndedUploads> {
  const session = await getSession(request)
  const watched = watchedOf(session.get(WATCHED_KEY))
  if (!watched.length) return { notices: [], watching: false, changed: false }
  const notices: UploadNotice[] = []
  const still: WatchedUpload[] = []
  for (const upload of watched) {
    try {
      const notice = await noticeOf(request, upload)
      // The page that follows this very upload (its list with `carga`) tells its end itself
      // (UploadOutcome): the header does not tell it a second time.
      if (notice && !(page && showsItself(notice, page))) notices.push(notice)
      else if (!notice) still.push(upload)
    } catch (error) {
      // Gone (404) or not ours to read (403): forgotten. Anything else: asked again next page.
      if (!(error instanceof ApiError) || error.status >= 500) still.push(upload)
    }
  }
  const watching = still.length > 0
  if (still.length === watched.length) return { notices, watching, changed: false }
  session.set(WATCHED_KEY, still)
  return { notices, watching, changed: true }
}

/** The page a request is for: a client navigation's data request (`/x.data?…`) names its page too. */
export function pageOf(request: Request): URL {
  const url = new URL(request.url)
  url.pathname = url.pathname.replace(/\.data$/, '').replace(/\/_root$/, '/') || '/'
  return url
}

/** Whether `page` is the list a notice points to, following that upload (`?carga=<id>`). */
export function showsItself(notice: UploadNotice, page: URL): boolean {
  const where = new URL(notice.href, page)
  return (
    where.pathname === page.pathname &&
    where.searchParams.get(RECEIVED_PARAM) === page.searchParams.get(RECEIVED_PARAM)
  )
}

async function noticeOf(request: Request, upload: WatchedUpload): Promise<UploadNotice | null> {
  const params = { id: upload.id }
  if (upload.kind === 'abonos') {
    const batch = await call(request, 'GET /payment-batches/:id', { params })
    if (isPaymentBatchRunning(batch.status)) return null
    return {
      key: `abonos-${batch.id}`,
      // Supplier abonos share the kind: the batch says what it paid and where it is listed.
      text: `Terminó la carga de abonos de la ${batch.source === 'VOUCHERS' ? 'orden de pago N°' : 'planilla'} ${batch.payrollNumber}: ${paymentUploadResult(batch)}.`,
      href: `${batch.source === 'VOUCHERS' ? '/pagos/abonos' : '/planillas/abonos'}?${RECEIVED_PARAM}=${batch.id}`,
    }
  }
  if (upload.kind === 'comprobantes') {
    const batch = await call(request, 'GET /voucher-batches/:id', { params })
    if (isBatchRunning(batch.status)) return null
    return {
      key: `comprobantes-${batch.id}`,
      text: `Terminó la carga de comprobantes ${batch.file.name}: ${voucherUploadResult(batch)}.`,
      href: `/pagos/carga?${RECEIVED_PARAM}=${batch.id}`,
    }
  }
  if (upload.kind === 'constancias') {
    const batch = await call(request, 'GET /constancia-batches/:id', { params })
    if (isBatchRunning(batch.status)) return null
    return {
      key: `constancias-${batch.id}`,
      text: `Terminó la carga de constancias ${batch.file.name}: ${constanciaUploadResult(batch)}.`,
      href: `/pagos/detracciones/constancias?${RECEIVED_PARAM}=${batch.id}`,
    }
  }
  if (upload.kind === 'padron') {
    const load = await call(request, 'GET /padron-loads/:id', { params })
    if (isBatchRunning(load.status)) return null
    return {
      key: `padron-${load.id}`,
      text: `Terminó la carga del padrón ${load.file.name}: ${padronUploadResult(load)}.`,
      href: `/padrones?${RECEIVED_PARAM}=${load.id}`,
    }
  }
  const batch = await call(request, 'GET /payroll-batch/:id', { params })
  if (isBatchRunning(batch.status)) return null
  return {
    key: `planilla-${batch.id}`,
    text: `Terminó la carga de la planilla ${batch.code}: ${payrollUploadResult(batch)}.`,
    href: `/planillas/externas?${RECEIVED_PARAM}=${batch.id}`,
  }
}
