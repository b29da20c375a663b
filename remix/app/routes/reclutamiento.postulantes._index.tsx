import { enumLabel, enumOptions, formatDate, identifierType, recruitmentStatus } from '@planillas/domain'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { api } from '~/api.server'
import { FormErrors } from '~/components/form/form-layout'
import { DataTable } from '~/components/list/data-table'
import { type Chip, FilterChips } from '~/components/list/filter-chips'
import { FilterDateRange, FilterPanel, FilterSelect } from '~/components/list/filter-panel'
import { ListPage } from '~/components/list/list-page'
import { Pagination } from '~/components/list/pagination'
import { SearchBar } from '~/components/list/search-bar'
import { RowLink, StatusAction } from '~/components/list/status-action'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { loadList } from '~/list.server'

export type ApplicantRow = {
  id: number
  code: string
  identifierType: number
  identifier: string
  name: string
  surname: string
  email: string
  mobile: string
  jobOpeningId: number
  jobOpeningCode: string
  companyId: number | null
  company: string | null
  areaId: number
  area: string
  positionId: number
  position: string
  hireDate: string | null
  leaveDate: string | null
  pendingVacationDays: number | null
  cvName: string | null
  hasCv: boolean
  status: number
  createdAt: string
}

type Option = { value: string; label: string }

export const meta: MetaFunction = () => [{ title: 'Postulantes | Planillas' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const list = await loadList<ApplicantRow>(request, 'postulantes')
  const [areas, positions, companies] = await Promise.all([
    api<{ id: number; description: string }[]>(request, '/areas'),
    api<{ id: number; description: string }[]>(request, '/positions'),
    api<{ id: number; name: string }[]>(request, '/companies'),
  ])
  return {
    ...list,
    catalogs: {
      areas: areas.map((a) => ({ value: String(a.id), label: a.description })),
      positions: positions.map((p) => ({ value: String(p.id), label: p.description })),
      companies: companies.map((c) => ({ value: String(c.id), label: c.name })),
    },
  }
}

const YES_NO: Option[] = [
  { value: 'true', label: 'Sí' },
  { value: 'false', label: 'No' },
]

const labelOf = (options: Option[], value: string) => options.find((o) => o.value === value)?.label ?? value
const rangeLabel = (p: URLSearchParams, key: string) =>
  `${p.get(`${key}From`) ? formatDate(p.get(`${key}From`)) : '…'} – ${p.get(`${key}To`) ? formatDate(p.get(`${key}To`)) : '…'}`

function applicantChips(
  p: URLSearchParams,
  c: { areas: Option[]; positions: Option[]; companies: Option[] },
): Chip[] {
  const chips: Chip[] = []
  const v = (k: string) => p.get(k) ?? ''
  if (v('status'))
    chips.push({ label: `Estado: ${enumLabel(recruitmentStatus, Number(v('status')))}`, params: ['status'] })
  if (v('areaId')) chips.push({ label: `Área: ${labelOf(c.areas, v('areaId'))}`, params: ['areaId'] })
  if (v('positionId'))
    chips.push({ label: `Cargo: ${labelOf(c.positions, v('positionId'))}`, params: ['positionId'] })
  if (v('hireDateFrom') || v('hireDateTo'))
    chips.push({
      label: `Fecha de ingreso: ${rangeLabel(p, 'hireDate')}`,
      params: ['hireDateFrom', 'hireDateTo'],
    })
  if (v('leaveDateFrom') || v('leaveDateTo'))
    chips.push({
      label: `Fecha de cese: ${rangeLabel(p, 'leaveDate')}`,
      params: ['leaveDateFrom', 'leaveDateTo'],
    })
  if (v('pendingVacation'))
    chips.push({
      label: `Vacaciones pendientes: ${labelOf(YES_NO, v('pendingVacation'))}`,
      params: ['pendingVacation'],
    })
  if (v('companyId'))
    chips.push({ label: `Empresa: ${labelOf(c.companies, v('companyId'))}`, params: ['companyId'] })
  return chips
}

/** 'Postulantes' (applicants-list). */
export default function ApplicantList() {
  const { page, params, error, canEdit, downloadHref, catalogs } = useLoaderData<typeof loader>()
  const [p] = useSearchParams()
  const chips = applicantChips(p, catalogs)
  const v = (k: string) => p.get(k) ?? ''
  return (
    <ListPage
      title="Postulantes"
      addTo={canEdit ? '/reclutamiento/postulantes/crear' : undefined}
      downloadHref={downloadHref}
      search={<SearchBar placeholder="Buscar por nombre o número de documento" value={params.search} />}
      filters={
        <FilterPanel active={chips.length}>
          <FilterSelect
            label="Estado"
            name="status"
            options={enumOptions(recruitmentStatus)}
            value={v('status')}
          />
          <FilterSelect label="Área" name="areaId" options={catalogs.areas} value={v('areaId')} />
          <FilterSelect
            label="Cargo"
            name="positionId"
            options={catalogs.positions}
            value={v('positionId')}
          />
          <FilterDateRange
            label="Fecha de Ingreso"
            name="hireDate"
            from={v('hireDateFrom')}
            to={v('hireDateTo')}
          />
          <FilterDateRange
            label="Fecha de Cese"
            name="leaveDate"
            from={v('leaveDateFrom')}
            to={v('leaveDateTo')}
          />
          <FilterSelect
            label="Vacaciones pendientes"
            name="pendingVacation"
            options={YES_NO}
            value={v('pendingVacation')}
          />
          <FilterSelect
            label="Empresa"
            name="companyId"
            options={catalogs.companies}
            value={v('companyId')}
          />
        </FilterPanel>
      }
      chips={<FilterChips chips={chips} />}
    >
      <FormErrors errors={error ? [error] : undefined} />
      <DataTable
        caption="Postulantes"
        rows={page.content}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Código', cell: (r) => r.code, mobile: 'title', className: 'whitespace-nowrap' },
          { header: 'Tipo de documento', cell: (r) => enumLabel(identifierType, r.identifierType) },
          { header: 'Número de documento', cell: (r) => r.identifier },
          { header: 'Nombres y apellidos', cell: (r) => `${r.name} ${r.surname}`, mobile: 'title' },
          { header: 'Empresa', cell: (r) => r.company ?? '---' },
          { header: 'Área', cell: (r) => r.area },
          { header: 'Cargo', cell: (r) => r.position },
        ]}
        actions={(r) => (
          <>
            <RowLink to={`/reclutamiento/postulantes/${r.id}/detalle`}>Ver datos</RowLink>
            {canEdit ? (
              <>
                <RowLink to={`/reclutamiento/postulantes/${r.id}/editar`}>Editar</RowLink>
                <StatusAction
                  resource="postulantes"
                  id={r.id}
                  status={r.status === 1 ? 2 : 1}
                  label={recruitmentStatus[r.status as 1 | 2]?.action ?? 'Cambiar estado'}
                />
              </>
            ) : null}
          </>
        )}
      />
      <Pagination
        page={params.page}
        size={params.size}
        totalElements={page.totalElements}
        totalPages={page.totalPages}
      />
    </ListPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
