import { describe, expect, it } from 'vitest'
import { chosenFirst, chosenOptions, filterChips, type ListFilter, matchingOptions } from './filter-model'

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

  it('shows a date that is no date as it was typed, for its message to explain', () => {
    expect(
      filterChips(
        filters,
        new URLSearchParams('contractInitiationFrom=99/99/2026&contractInitiationTo=01/02/2026'),
      ),
    ).toEqual([
      {
        label: 'Inicio: 99/99/2026 – 01/02/2026',
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

const areas = [
  { value: '3', label: 'Ventas' },
  { value: '4', label: 'Logística' },
  { value: '5', label: 'Logística Norte' },
  { value: '6', label: 'Administración y Finanzas' },
]

describe('matchingOptions', () => {
  it('finds labels holding every word typed, in any order, accents and case ignored', () => {
    expect(matchingOptions(areas, 'logistica').map((o) => o.value)).toEqual(['4', '5'])
    expect(matchingOptions(areas, '  NORTE  logíst ').map((o) => o.value)).toEqual(['5'])
    expect(matchingOptions(areas, 'finanzas admin').map((o) => o.value)).toEqual(['6'])
    expect(matchingOptions(areas, 'compras')).toEqual([])
  })

  it('offers every option for a blank query', () => {
    expect(matchingOptions(areas, '')).toBe(areas)
    expect(matchingOptions(areas, '   ')).toBe(areas)
  })
})

describe('chosenOptions and chosenFirst', () => {
  it('gives the chosen values as options in the order of the URL, each once, an unknown one as it is', () => {
    expect(chosenOptions(areas, ['5', '3', '5', '99'])).toEqual([
      { value: '5', label: 'Logística Norte' },
      { value: '3', label: 'Ventas' },
      { value: '99', label: '99' },
    ])
    expect(chosenOptions(areas, [])).toEqual([])
  })

  it('lists every option once with the chosen ones first', () => {
    expect(chosenFirst(areas, ['6', '4']).map((o) => o.value)).toEqual(['6', '4', '3', '5'])
    expect(chosenFirst(areas, [])).toEqual(areas)
  })
})
