import { MESSAGES, PAYROLL_UPLOAD_MESSAGES } from '@planillas/domain'
import { describe, expect, it } from 'vitest'
import { acceptedToast } from './upload.server'

describe('the toast after an accepted upload', () => {
  it('is the usual success when the API said the usual words (or nothing)', () => {
    const usual = PAYROLL_UPLOAD_MESSAGES.accepted
    expect(acceptedToast([usual], usual)).toEqual({ type: 'success', message: usual })
    expect(acceptedToast([], usual)).toEqual({ type: 'success', message: usual })
  })

  it('says what the API said when the upload waits for the job queue', () => {
    expect(acceptedToast([MESSAGES.uploadQueued], PAYROLL_UPLOAD_MESSAGES.accepted)).toEqual({
      type: 'info',
      message: 'La carga quedó en cola: se procesará cuando el servicio de colas esté disponible.',
    })
  })
})
