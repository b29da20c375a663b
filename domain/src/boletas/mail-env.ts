import { z } from 'zod'
import { integer, text } from '../common/env'

/**
 * The SMTP server the boletas are sent through (README's Configuration table): `SMTP_URL`
 * (`smtp://user:password@host:587`, `smtps://…:465`), or its parts `SMTP_HOST`, `SMTP_PORT`,
 * `SMTP_USER`, `SMTP_PASSWORD`; `SMTP_FROM` is the sender. Unset: no e-mail, the clerk downloads
 * the boletas and records each delivery by hand.
 */
export const MAIL_ENV = {
  SMTP_URL: text(),
  SMTP_HOST: text(),
  SMTP_PORT: integer({ min: 1, max: 65_535 }),
  SMTP_USER: text(),
  SMTP_PASSWORD: text(),
  SMTP_FROM: text(),
}

export type MailSettings = { url: string; from: string }

export const DEFAULT_MAIL_FROM = 'Planillas <no-responder@planillas.local>'

/** The SMTP server and sender out of parsed variables, or null when none is configured. */
export function mailSettingsOf(values: {
  SMTP_URL?: string
  SMTP_HOST?: string
  SMTP_PORT?: number
  SMTP_USER?: string
  SMTP_PASSWORD?: string
  SMTP_FROM?: string
}): MailSettings | null {
  const from = values.SMTP_FROM ?? DEFAULT_MAIL_FROM
  if (values.SMTP_URL) return { url: values.SMTP_URL, from }
  if (!values.SMTP_HOST) return null
  const port = values.SMTP_PORT ?? 587
  const auth = values.SMTP_USER
    ? `${encodeURIComponent(values.SMTP_USER)}:${encodeURIComponent(values.SMTP_PASSWORD ?? '')}@`
    : ''
  return { url: `${port === 465 ? 'smtps' : 'smtp'}://${auth}${values.SMTP_HOST}:${port}`, from }
}

/** The worker's and the API's checks of the same variables. */
export const MailSettingsSchema = z.object({ url: z.string(), from: z.string() })
