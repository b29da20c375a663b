import { RetentionRegisterQuerySchema } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { redirectWithToast } from '~/session.server'

/** The register's workbook for the month chosen on 'Registro de retenciones'; a bad month goes back there saying so. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const period = new URL(request.url).searchParams.get('periodo') ?? ''
  const parsed = RetentionRegisterQuerySchema.safeParse({ period })
  if (!parsed.success)
    return redirectWithToast(request, '/pagos/retenciones', {
      type: 'error',
      message: parsed.error.issues[0]?.message ?? 'El periodo debe ser AAAAMM',
    })
  return apiDownload(request, '/retentions/register/xlsx', { query: { period: parsed.data.period } })
}
