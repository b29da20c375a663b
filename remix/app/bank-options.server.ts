import { bankChoices } from '@planillas/domain'
import { call } from '~/api.server'
import { withCurrent } from '~/catalogs.server'

/**
 * The one list of banks every form offers ('Banco' of suppliers, employees, 'Contratar', company
 * accounts): the active banks of the catalogue, each named as `bankLabel` says ('Banco de Crédito del
 * Perú (BCP)') and sorted as a Spanish reader reads them. A bank suspended since the record's was
 * chosen stays selectable for that record, marked '(suspendido)'.
 */
export async function bankOptions(
  request: Request,
  current?: { id: string | null | undefined; name: string | null | undefined },
) {
  return withCurrent(bankChoices(await call(request, 'GET /banks')), current?.id, current?.name)
}
