import { Pdt626QuerySchema } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { redirectWithToast } from '~/session.server'

/** The month's PDT 626 file of a company (0626<RUC><AAAAMM>.TXT); a bad month or company goes back saying so. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pagos_descarga_excel')
  const params = new URL(request.url).searchParams
  const parsed = Pdt626QuerySchema.safeParse({
    period: params.get('periodo') ?? '',
    companyId: params.get('empresa') ?? '',
  })
  if (!parsed.success)
    return redirectWithToast(request, '/pagos/retenciones/comprobantes', {
      type: 'error',
      message: parsed.error.issues[0]?.message ?? 'El periodo debe ser AAAAMM',
    })
  return apiDownload(request, '/retention-receipts/pdt626', { query: parsed.data })
}
