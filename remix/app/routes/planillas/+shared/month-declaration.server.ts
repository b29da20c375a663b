import {
  type DeclarationFileKind,
  DeclarationFileParamsSchema,
  DeclarationMonthQuerySchema,
} from '@planillas/domain'
import { ApiError, apiDownload } from '~/api.server'

export { MONTH_DECLARATION_PAGE } from './declaration-files'

/** What the form chose, as typed (kept on the page after a refusal). */
export const monthChoice = (search: URLSearchParams) => ({
  empresa: search.get('empresa') ?? undefined,
  periodo: search.get('periodo') ?? undefined,
})

/**
 * A company's file of a month, as the API writes it: the download, or why not (a choice the form
 * should not have allowed, or the lines the file cannot carry).
 */
export async function monthDeclaration(
  request: Request,
  search: URLSearchParams,
): Promise<{ file: Response } | { problems: string[] }> {
  const kind = DeclarationFileParamsSchema.shape.kind.safeParse(search.get('archivo'))
  const chosen = monthChoice(search)
  const query = DeclarationMonthQuerySchema.safeParse({
    companyId: chosen.empresa ?? '',
    period: chosen.periodo ?? '',
  })
  if (!kind.success) return { problems: [kind.error.issues[0]?.message ?? 'Elija el archivo'] }
  if (!query.success) return { problems: query.error.issues.map((i) => i.message) }
  try {
    const file = await apiDownload(request, `/payroll/declaration/${kind.data as DeclarationFileKind}`, {
      query: query.data,
    })
    return { file }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return { problems: error.messages }
  }
}
