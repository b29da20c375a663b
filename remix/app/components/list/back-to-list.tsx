import { useSearchParams } from 'react-router'
import { listReturn, RETURN_PARAM } from '~/utils/list-return'
import { ButtonLink } from '../ui/button'

/** The list at `listPath` as the user left it, when this page was opened from it (`desde`). */
export function useListReturn(listPath: string): string {
  const [params] = useSearchParams()
  return listReturn(params.get(RETURN_PARAM), listPath)
}

/** 'Volver' to a list, with its search, filters, page and order as they were. */
export function BackToList({ to, children = 'Volver' }: { to: string; children?: React.ReactNode }) {
  return <ButtonLink to={useListReturn(to)}>{children}</ButtonLink>
}

/** A record page's foot: 'Volver' to its list and, for an editor (`edit` given), 'Editar'. */
export function BackOrEdit({
  list,
  edit,
  hideInPrint,
}: {
  list: string
  edit?: string
  hideInPrint?: boolean
}) {
  return (
    <div className={hideInPrint ? 'flex justify-end gap-2 print:hidden' : 'flex justify-end gap-2'}>
      <BackToList to={list} />
      {edit ? (
        <ButtonLink to={edit} variant="primary">
          Editar
        </ButtonLink>
      ) : null}
    </div>
  )
}
