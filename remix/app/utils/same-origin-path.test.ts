import { describe, expect, it } from 'vitest'
import { sameOriginPath } from './same-origin-path'

describe('sameOriginPath', () => {
  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'http://evil.example',
    'https://evil.example/areas',
    'javascript:alert(1)',
    '',
    'areas',
    decodeURIComponent('%2F%5Cevil.example'),
    decodeURIComponent('%2F%2Fevil.example'),
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value, '/areas')).toBe('/areas')
  })

  it('refuses a missing value', () => {
    expect(sameOriginPath(null, '/cargos')).toBe('/cargos')
  })

  it.each([
    ['/areas', '/areas'],
    ['/areas?search=Ventas&page=2', '/areas?search=Ventas&page=2'],
    ['/contratos#fila-3', '/contratos#fila-3'],
    // Still encoded, it is a path segment the browser does not turn into a slash.
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/areas/../empresas', '/empresas'],
  ])('keeps %j as %j', (value, path) => {
    expect(sameOriginPath(value, '/')).toBe(path)
  })
})
