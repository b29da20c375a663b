import type { SubmissionResult } from '@conform-to/react'
import {
  DETRACTION_MESSAGES as D,
  DEMO_ROLES,
  VOUCHER_MESSAGES as M,
  MESSAGES,
  VOUCHER_STATUS_MESSAGES,
} from '@planillas/domain'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { action as payAction } from '~/routes/pagos/pagos.$paymentId.pagar'
import { action as depositAction } from '~/routes/pagos/pagos.detracciones.$id.depositar'
import { sessionStorage } from '~/session.server'
import { signedInCookie } from '~/session-cookie.test-support'
import { routeArgs } from '~/utils/route-args'

/** What the API was sent ('METHOD /path' and the body), and what it answers next. */
let sent: { call: string; body: unknown }[] = []
let answer: { status: number; messages: string[] } = { status: 200, messages: [] }
vi.mock('~/api-transport.server', () => ({
  exchange: async (url: string, { method, body }: { method: string; body?: string }) => {
    sent.push({
      call: `${method} ${new URL(url).pathname.replace(/^\/api\/v1/, '')}`,
      body: JSON.parse(body ?? 'null'),
    })
    const ok = answer.status < 300
    return {
      status: answer.status,
      text: JSON.stringify({
        status: ok ? 'OK' : 'ERROR',
        payload: ok ? {} : null,
        messages: answer.messages,
      }),
    }
  },
}))

beforeEach(() => {
  sent = []
  answer = { status: 200, messages: [] }
})

/** 'Marcar como pagado' of voucher 7 as posted from its dialog: the date typed DD/MM/AAAA. */
async function payRequest(fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('__dates', 'paidOn')
  form.append('volver', '/pagos?statuses=3')
  const cookie = await signedInCookie({ email: 'tesoreria@planillas.pe', roles: DEMO_ROLES.tesoreria })
  return new Request('http://web.test/pagos/7/pagar', { method: 'POST', body: form, headers: { cookie } })
}

type Answered = { data: { result: SubmissionResult<string[]> }; init: { status?: number } | null }

async function pay(fields: Record<string, string>) {
  return (await payAction(routeArgs(await payRequest(fields), { paymentId: '7' }))) as unknown as Answered
}

describe("a voucher step's action answers conform's reply", () => {
  it('refuses a bad amount beside its field with 400, keeps what was typed (the date as typed), and sends nothing', async () => {
    const { data, init } = await pay({ paidAmount: '1,002.60', paidOn: '5/11/2026', paidOperation: 'OP-1' })
    expect(init?.status).toBe(400)
    expect(data.result.error).toEqual({ paidAmount: [M.noCommas] })
    expect(data.result.initialValue).toEqual({
      paidAmount: '1,002.60',
      paidOn: '5/11/2026',
      paidOperation: 'OP-1',
      volver: '/pagos?statuses=3',
    })
    expect(sent).toEqual([])
  })

  it("puts the API's refusal beside its field and the rest above the form, with the API's status", async () => {
    answer = { status: 400, messages: [M.paidDateFuture, 'El banco no admite el pago'] }
    const { data, init } = await pay({ paidAmount: '1002.60', paidOn: '05/11/2026', paidOperation: '' })
    expect(sent).toEqual([
      {
        call: 'POST /payments/7/pay',
        body: { paidAmount: '1002.60', paidOn: '2026-11-05', paidOperation: '' },
      },
    ])
    expect(init?.status).toBe(400)
    expect(data.result.error).toEqual({ paidOn: [M.paidDateFuture], '': ['El banco no admite el pago'] })
    expect(data.result.initialValue).toMatchObject({ paidAmount: '1002.60', paidOn: '05/11/2026' })

    answer = { status: 409, messages: [VOUCHER_STATUS_MESSAGES.ownVoucherPage] }
    const conflict = await pay({ paidAmount: '1002.60', paidOn: '05/11/2026' })
    expect(conflict.init?.status).toBe(409)
    expect(conflict.data.result.error).toEqual({ '': [VOUCHER_STATUS_MESSAGES.ownVoucherPage] })
  })

  it('goes back where the step was opened with its toast once the API takes it', async () => {
    const response = (await payAction(
      routeArgs(await payRequest({ paidAmount: '1002.60', paidOn: '05/11/2026' }), { paymentId: '7' }),
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/pagos?statuses=3')
    const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0]
    expect((await sessionStorage.getSession(cookie)).get('toast')).toMatchObject({
      type: 'success',
      message: MESSAGES.statusUpdated,
    })
  })
})

describe("a detracción's deposit answers the same way", () => {
  it("puts the API's refusal of the constancia beside it, what was typed kept", async () => {
    answer = { status: 400, messages: [D.constancia] }
    const form = new FormData()
    form.append('constancia', '250000000777')
    form.append('depositedOn', '01/11/2026')
    form.append('__dates', 'depositedOn')
    const cookie = await signedInCookie({ email: 'tesoreria@planillas.pe', roles: DEMO_ROLES.tesoreria })
    const request = new Request('http://web.test/pagos/detracciones/7/depositar', {
      method: 'POST',
      body: form,
      headers: { cookie },
    })
    const { data, init } = (await depositAction(routeArgs(request, { id: '7' }))) as unknown as Answered
    expect(sent.map((s) => s.body)).toEqual([{ constancia: '250000000777', depositedOn: '2026-11-01' }])
    expect(init?.status).toBe(400)
    expect(data.result.error).toEqual({ constancia: [D.constancia] })
    expect(data.result.initialValue).toEqual({ constancia: '250000000777', depositedOn: '01/11/2026' })
  })
})
