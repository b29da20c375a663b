import { contractDuration, contractStatus, enumLabel, enumOptions, formatDate } from '@planillas/domain'
import type { Chip } from '~/components/list/filter-chips'
import { FilterDateRange, FilterSelect } from '~/components/list/filter-panel'

type Option = { value: string; label: string }
export type ContractFilterOptions = { companies: Option[]; areas: Option[] }

const range = (params: URLSearchParams, key: string) => ({
  from: params.get(`${key}From`),
  to: params.get(`${key}To`),
})

const rangeLabel = (r: { from: string | null; to: string | null }) =>
  `${r.from ? formatDate(r.from) : '…'} – ${r.to ? formatDate(r.to) : '…'}`

/** The contract list's filters in force, as removable chips. */
export function contractChips(params: URLSearchParams, options: ContractFilterOptions): Chip[] {
  const chips: Chip[] = []
  const status = Number(params.get('status'))
  if (status) chips.push({ label: `Estado: ${enumLabel(contractStatus, status)}`, params: ['status'] })
  const duration = Number(params.get('contractType'))
  if (duration)
    chips.push({ label: `Duración: ${enumLabel(contractDuration, duration)}`, params: ['contractType'] })
  const nameOf = (list: Option[], value: string) => list.find((o) => o.value === value)?.label ?? value
  for (const value of params.getAll('companyIds')) {
    chips.push({ label: `Empresa: ${nameOf(options.companies, value)}`, params: ['companyIds'], value })
  }
  for (const value of params.getAll('areaIds')) {
    chips.push({ label: `Área: ${nameOf(options.areas, value)}`, params: ['areaIds'], value })
  }
  for (const [key, label] of [
    ['contractInitiation', 'Fecha de inicio'],
    ['contractFinish', 'Fecha de fin'],
  ] as const) {
    const r = range(params, key)
    if (r.from || r.to)
      chips.push({ label: `${label}: ${rangeLabel(r)}`, params: [`${key}From`, `${key}To`] })
  }
  return chips
}

/** The fields of 'Filtrar': Estado, Duración, Empresa, Área, and the start and end date ranges. */
export function ContractFilterFields({
  params,
  options,
}: {
  params: URLSearchParams
  options: ContractFilterOptions
}) {
  const initiation = range(params, 'contractInitiation')
  const finish = range(params, 'contractFinish')
  return (
    <>
      <FilterSelect
        label="Estado"
        name="status"
        options={enumOptions(contractStatus)}
        value={params.get('status') ?? ''}
      />
      <FilterSelect
        label="Duración del contrato"
        name="contractType"
        options={enumOptions(contractDuration)}
        value={params.get('contractType') ?? ''}
      />
      <FilterSelect
        label="Empresa"
        name="companyIds"
        options={options.companies}
        value={params.getAll('companyIds')}
        multiple
      />
      <FilterSelect
        label="Área"
        name="areaIds"
        options={options.areas}
        value={params.getAll('areaIds')}
        multiple
      />
      <FilterDateRange
        label="Fecha de inicio"
        name="contractInitiation"
        from={initiation.from}
        to={initiation.to}
      />
      <FilterDateRange label="Fecha de fin" name="contractFinish" from={finish.from} to={finish.to} />
    </>
  )
}
