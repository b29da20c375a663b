import { employeeStatus, enumLabel, enumOptions, formatDate } from '@planillas/domain'
import type { Chip } from '~/components/list/filter-chips'
import { FilterDateRange, FilterPanel, FilterSelect } from '~/components/list/filter-panel'
import type { Catalogs, Option } from './types'

const labelOf = (options: Option[], value: string, noun: string) =>
  options.find((o) => o.value === value)?.label ?? `${noun} ${value}`

const range = (from: string | null, to: string | null) =>
  `${from ? formatDate(from) : '…'} – ${to ? formatDate(to) : '…'}`

/** The six filters of the employee list as removable chips; each area and position is its own chip. */
export function employeeChips(params: URLSearchParams, catalogs: Catalogs): Chip[] {
  const chips: Chip[] = []
  const status = params.get('status')
  if (status)
    chips.push({ label: `Estado: ${enumLabel(employeeStatus, Number(status))}`, params: ['status'] })
  for (const id of params.getAll('areaIds')) {
    chips.push({ label: `Área: ${labelOf(catalogs.areas, id, 'Área')}`, params: ['areaIds'], value: id })
  }
  for (const id of params.getAll('roleIds')) {
    chips.push({
      label: `Cargo: ${labelOf(catalogs.positions, id, 'Cargo')}`,
      params: ['roleIds'],
      value: id,
    })
  }
  const company = params.get('companyId')
  if (company)
    chips.push({
      label: `Empresa: ${labelOf(catalogs.companies, company, 'Empresa')}`,
      params: ['companyId'],
    })
  for (const [key, noun] of [
    ['contractInitiation', 'Inicio de contrato'],
    ['contractFinish', 'Fin de contrato'],
  ] as const) {
    const from = params.get(`${key}From`)
    const to = params.get(`${key}To`)
    if (from || to) chips.push({ label: `${noun}: ${range(from, to)}`, params: [`${key}From`, `${key}To`] })
  }
  return chips
}

/** 'Filtrar': status, areas, positions, company and the two contract date ranges (SPEC §2). */
export function EmployeeFilters({
  params,
  catalogs,
  active,
}: {
  params: URLSearchParams
  catalogs: Catalogs
  active: number
}) {
  return (
    <FilterPanel active={active}>
      <FilterSelect
        label="Estado"
        name="status"
        options={enumOptions(employeeStatus)}
        value={params.get('status') ?? ''}
      />
      <FilterSelect
        label="Área"
        name="areaIds"
        options={catalogs.areas}
        value={params.getAll('areaIds')}
        multiple
      />
      <FilterSelect
        label="Cargo"
        name="roleIds"
        options={catalogs.positions}
        value={params.getAll('roleIds')}
        multiple
      />
      <FilterSelect
        label="Empresa"
        name="companyId"
        options={catalogs.companies}
        value={params.get('companyId') ?? ''}
      />
      <FilterDateRange
        label="Inicio de contrato"
        name="contractInitiation"
        from={params.get('contractInitiationFrom')}
        to={params.get('contractInitiationTo')}
      />
      <FilterDateRange
        label="Fin de contrato"
        name="contractFinish"
        from={params.get('contractFinishFrom')}
        to={params.get('contractFinishTo')}
      />
    </FilterPanel>
  )
}
