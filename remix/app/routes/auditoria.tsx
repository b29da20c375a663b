import { auditActionLabel, formatDateTime, trimEmail } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import { useLoaderData } from 'react-router'
import { COLUMN } from '~/components/list/column'
import { ResourceList } from '~/components/list/resource-list'
import { Badge, STATUS_TONES } from '~/components/ui/badge'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Auditoría')

export const loader = ({ request }: LoaderFunctionArgs) => loadList(request, 'auditoria')

/** The audit log: who did what and when; download only with 'auditoria_descarga_excel'. */
export default function AuditLog() {
  const list = useLoaderData<typeof loader>()
  return (
    <ResourceList
      list={list}
      title="Auditoría"
      searchPlaceholder="Buscar por usuario o descripción"
      caption="Registro de auditoría"
      columns={[
        {
          header: 'Acción',
          cell: (r) => <Badge tone={STATUS_TONES[r.action] ?? 'slate'}>{auditActionLabel(r.action)}</Badge>,
          mobile: 'title',
        },
        {
          header: 'Fecha y hora',
          // The one order its index serves on a million entries (newest or oldest first).
          sort: 'createdAt',
          cell: (r) => formatDateTime(r.createdAt),
          mobile: 'title',
          width: COLUMN.dateTime,
        },
        { header: 'Usuario', cell: (r) => <span title={r.actor}>{trimEmail(r.actor)}</span> },
        { header: 'Descripción', cell: (r) => r.description, fullText: true },
      ]}
    />
  )
}

export const ErrorBoundary = RouteErrorBoundary
