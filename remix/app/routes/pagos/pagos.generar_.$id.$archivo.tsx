import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam } from '~/form.server'
import { orBackToList } from '~/record.server'

/** The web's names of a run's files and the API's. */
const FILES = { transferencias: 'transfers', detracciones: 'detractions' } as const

/**
 * 'Descargar': a run's file exactly as it was stored, the CCI transfers Excel or the Banco de la
 * Nación detracciones file. A run or a file that is not there: the message, back on 'Generar pagos'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_generar')
  const id = idParam(params.id)
  const file = FILES[params.archivo as keyof typeof FILES]
  if (!file) throw new Response('No se encontró el archivo', { status: 404 })
  return orBackToList(request, '/pagos/generar', () =>
    apiDownload(request, `/supplier-runs/${id}/files/${file}`),
  )
}
