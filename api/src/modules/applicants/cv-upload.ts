import {
  CV_MAX_BYTES,
  cvContentMatches,
  cvContentType,
  hasCvExtension,
  APPLICANT_MESSAGES as M,
} from '@planillas/domain'
import type { FastifyRequest } from 'fastify'
import { refuseNulName } from '../../lib/errors'

export type CvUpload = { name: string; contentType: string; content: Buffer }
export type ApplicantForm = { fields: Record<string, unknown>; cv: CvUpload | null; problems: string[] }

/**
 * The applicant form as JSON or multipart (fields and an optional `cv` file of at most 10 MB,
 * kept in memory). The CV must be .pdf, .doc or .docx by name AND by content (magic bytes); its
 * problems are returned with the field problems so that nothing is stored.
 */
export async function readApplicantForm(req: FastifyRequest): Promise<ApplicantForm> {
  if (!req.isMultipart()) {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {}
    return { fields: body, cv: null, problems: [] }
  }
  const fields: Record<string, unknown> = {}
  let file: (CvUpload & { truncated: boolean }) | undefined
  let extraFiles = 0
  const parts = req.parts({ limits: { fileSize: CV_MAX_BYTES, files: 2, fields: 20, fieldSize: 10_000 } })
  for await (const part of parts) {
    refuseNulName(part)
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value ?? '')
      continue
    }
    const chunks: Buffer[] = []
    for await (const chunk of part.file) chunks.push(chunk as Buffer)
    const content = Buffer.concat(chunks)
    // A browser sends an empty, nameless part when no file was chosen.
    if (!part.filename && content.length === 0) continue
    if (file) {
      extraFiles++
      continue
    }
    file = { name: part.filename ?? '', contentType: '', content, truncated: part.file.truncated }
  }
  if (!file) return { fields, cv: null, problems: [] }
  const problems: string[] = []
  if (extraFiles) problems.push('Adjunte un solo archivo de CV')
  if (!hasCvExtension(file.name)) problems.push(M.cvType)
  else if (file.truncated) problems.push(M.cvSize)
  else if (!cvContentMatches(file.name, file.content)) problems.push(M.cvContent)
  return {
    fields,
    cv: { name: file.name, contentType: cvContentType(file.name), content: file.content },
    problems,
  }
}
