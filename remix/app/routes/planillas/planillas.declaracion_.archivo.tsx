import type { LoaderFunctionArgs } from 'react-router'
import { redirect } from 'react-router'
import { requirePermission } from '~/auth.server'
import { MONTH_DECLARATION_PAGE, monthDeclaration } from '~/routes/planillas/+shared/month-declaration.server'

/**
 * The file 'Declarar un mes' asked for (a resource route: the browser downloads it, with or without
 * JavaScript). Refused, back to the page with the same choice: it says why there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'planillas_descarga_excel')
  const search = new URL(request.url).searchParams
  const result = await monthDeclaration(request, search)
  if ('file' in result) return result.file
  return redirect(`${MONTH_DECLARATION_PAGE}?${search}`)
}
