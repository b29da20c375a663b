import { describe, expect, it } from 'vitest'
import { filterChips, type ListFilter } from './filter-model'

const filters: ListFilter[] = [
  { kind: 'select', name: 'status', label: 'Estado', options: [{ value: '1', label: 'ACTIVO' }] },
  {
    kind: 'select',
    name: 'areaIds',
    label: 'Área',
    options: [
      { value: '3', label: 'Ventas' },
      { value: '4', label: 'Logística' },
    ],
    multiple: true,
  },
  { kind: 'dateRange', name: 'contractInitiation', label: 'Fecha de inicio del contrato', chip: 'Inicio' },
]

describe('filterChips', () => {
  it('gives one chip per filter in force, one per value of a multiple select, none for the rest', () => {
    const params = new URLSearchParams('status=1&areaIds=3&areaIds=4&search=ana')
    expect(filterChips(filters, params)).toEqual([
      { label: 'Estado: ACTIVO', params: ['status'] },
      { label: 'Área: Ventas', params: ['areaIds'], value: '3' },
      { label: 'Área: Logística', params: ['areaIds'], value: '4' },
    ])
    expect(filterChips(filters, new URLSearchParams('search=ana'))).toEqual([])
  })

  it('names a date range by its chip label, with an open end shown as …', () => {
    expect(filterChips(filters, new URLSearchParams('contractInitiationFrom=2026-01-31'))).toEqual([
      {
        label: 'Inicio: 31/01/2026 – …',
        params: ['contractInitiationFrom', 'contractInitiationTo'],
      },
    ])
  })

  it('shows a value that is not among the options as it is', () => {
    expect(filterChips(filters, new URLSearchParams('status=9'))).toEqual([
      { label: 'Estado: 9', params: ['status'] },
    ])
  })
})
