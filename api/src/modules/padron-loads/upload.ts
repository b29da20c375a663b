import { Readable } from 'node:stream'
import { padronLoads, recordAudit } from '@planillas/db'
import {
  PADRON_MESSAGES as M,
  PADRON_LABEL,
  PADRON_LIMITS,
  type PadronKind,
  PadronUploadFieldsSchema,
  todayInLima,
} from '@planillas/domain'
import type { FileStorage } from '@planillas/storage'
import type { FastifyRequest } from 'fastify'
import {
  type BatchUpload,
  fieldMessages,
  type ReceivedForm,
  receiveForm,
  type StoredExcel,
} from '../../uploads/batch-upload'

/** The form as received: its fields, and the padrón already streamed to storage. */
type PadronForm = ReceivedForm & {
  stored: string[]
  file?: StoredExcel & { truncated: boolean; head: Buffer }
  extraFiles: number
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04])

/**
 * Streams the form's file part to storage as it arrives (the padrón reducido is ~400 MB: it is
 * never held in memory), counting its bytes and keeping its first four (a ZIP's signature).
 */
async function receivePadronForm(req: FastifyRequest, storage: FileStorage): Promise<PadronForm> {
  const form: PadronForm = { fields: {}, extraExcels: 0, messages: [], stored: [], extraFiles: 0 }
  const received = await receiveForm(req, {
    limits: { fileSize: PADRON_LIMITS.maxFileBytes, files: 3 },
    isExcel: () => false,
    otherFile: async (part) => {
      if (form.file) {
        form.extraFiles++
        part.file.resume()
        return
      }
      let size = 0
      let head = Buffer.alloc(0)
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length
            if (head.length < 4) head = Buffer.concat([head, chunk]).subarray(0, 4)
            yield chunk
          }
        })(),
      )
      const key = await storage.put(counted, { name: part.filename, contentType: 'application/octet-stream' })
      form.stored.push(key)
      if (!part.filename && size === 0) return
      form.file = { key, name: part.filename, size, truncated: part.file.truncated, head }
    },
  })
  return { ...form, fields: received.fields, messages: received.messages }
}

type PadronUpload = { kind: PadronKind; listDate: string }

/**
 * 'Carga de padrones de SUNAT' in the batch pipeline (docs/decisions/sunat-padrones.md): which
 * padrón, the day it is dated, and SUNAT's ZIP (or the TXT in it) of at most 600 MB, streamed to
 * storage while received. Here only its name, size and first bytes are checked; the 'padron-load'
 * job reads it whole.
 */
export const PADRON_UPLOAD: BatchUpload<PadronForm, PadronUpload> = {
  job: 'padron-load',
  theBatch: 'la carga del padrón',
  accepted: M.accepted,
  receive: receivePadronForm,
  async check(_db, received) {
    const parsed = PadronUploadFieldsSchema.safeParse(received.fields)
    const messages = [...fieldMessages(parsed), ...received.messages, ...fileProblems(received)]
    if (messages.length || !parsed.success || !received.file) return { ok: false, messages }
    const { key, name, size } = received.file
    return {
      ok: true,
      upload: { kind: parsed.data.kind, listDate: parsed.data.listDate || todayInLima() },
      excel: { key, name, size },
    }
  },
  async record(tx, upload, file, actor) {
    const [load] = await tx
      .insert(padronLoads)
      .values({
        kind: upload.kind,
        listDate: upload.listDate,
        fileKey: file.key,
        fileName: file.name,
        fileSize: file.size,
        createdBy: actor,
      })
      .returning({ id: padronLoads.id })
    await recordAudit(tx, {
      action: 'CREATE',
      entity: 'padron_loads',
      entityId: load.id,
      actor,
      description: `Cargó el padrón '${PADRON_LABEL[upload.kind]}' del ${upload.listDate.split('-').reverse().join('/')} ('${file.name}'): queda PENDIENTE`,
    })
    return load.id
  },
}

function fileProblems(form: PadronForm): string[] {
  const { file } = form
  if (!file) return [M.file]
  const messages: string[] = []
  if (form.extraFiles) messages.push(M.oneFile)
  const zip = /\.zip$/i.test(file.name)
  if (!zip && !/\.txt$/i.test(file.name)) messages.push(M.extension)
  if (file.truncated) return [...messages, M.fileSize]
  if (messages.length) return messages
  if (zip && !file.head.equals(ZIP_SIGNATURE)) return [M.notZip]
  if (file.size === 0) return [M.empty]
  return []
}
