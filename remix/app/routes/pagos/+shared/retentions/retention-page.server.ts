import { MESSAGES, mayUse, todayInLima } from '@planillas/domain'
import { ApiError } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { textFields } from '~/routes/pagos/+shared/vouchers/step.server'
import { redirectWithToast } from '~/session.server'
import { monthChoice } from './month-choice'

/**
 * What a retention page's loader starts from (CREs, reversals): the list guard, the page's query and
 * the month chosen, today (a sending date's default) and whether the user may act and download.
 */
export async function retentionPage(request: Request) {
  const { user } = await requirePermission(request, 'pagos_lista_lista')
  const params = new URL(request.url).searchParams
  return {
    params,
    ...monthChoice(params),
    today: todayInLima(),
    mayAct: mayUse(user.roles, 'pagos_pagar'),
    mayDownload: mayUse(user.roles, 'pagos_descarga_excel'),
  }
}

/**
 * A retention page's plain-form action: the guard and the form's text fields; `act` answers on the
 * page as it was (`backTo` of the fields) with a success (`done`) or error (`refuse`) notice, and an
 * API refusal (4xx) comes back there as an error notice.
 */
export async function retentionAction(
  request: Request,
  backTo: (fields: Record<string, string>) => string,
  act: (
    fields: Record<string, string>,
    answer: { done: (message: string) => Promise<Response>; refuse: (message: string) => Promise<Response> },
  ) => Promise<Response>,
) {
  await requirePermission(request, 'pagos_pagar')
  const fields = textFields(await request.formData())
  const back = backTo(fields)
  const done = (message: string) => redirectWithToast(request, back, { type: 'success', message })
  const refuse = (message: string) => redirectWithToast(request, back, { type: 'error', message })
  try {
    return await act(fields, { done, refuse })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return refuse(error.messages.join(' ') || MESSAGES.generic)
  }
}
