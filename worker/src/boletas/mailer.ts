import type { MailSettings } from '@planillas/domain/mail-env'
import nodemailer from 'nodemailer'

export type BoletaMail = {
  to: string
  subject: string
  text: string
  html: string
  attachment: { filename: string; content: Uint8Array }
}

export type Mailer = { send: (mail: BoletaMail) => Promise<void>; close: () => void }

/**
 * One SMTP transport per job run (nodemailer: docs/decisions/dependencies.md); `?pool=true` in
 * `SMTP_URL` keeps its connections open across the run's messages.
 */
export function createMailer(settings: MailSettings): Mailer {
  const transport = nodemailer.createTransport(settings.url, { from: settings.from })
  return {
    send: async (mail) => {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: [
          {
            filename: mail.attachment.filename,
            content: Buffer.from(mail.attachment.content),
            contentType: 'application/pdf',
          },
        ],
      })
    },
    close: () => transport.close(),
  }
}
