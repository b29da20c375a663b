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
    // Dot segments: normalising turns each of these into `//evil.example`.
    '/.//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/.%2e//evil.example',
    '/%2e./\\evil.example',
    '/a/%2e%2e/%2e%2e//evil.example',
    '/.//evil.example/estado?x=1#y',
    // Tabs and newlines vanish while parsing, whatever they sit between.
    '/\t.//evil.example',
    '/.\n//evil.example',
    '/\r\n/evil.example',
    '/.\t/\\evil.example',
    // Backslashes in every place and mixed with slashes.
    '\\/evil.example',
    '\\evil.example',
    '/\\\\evil.example',
    '/\\./evil.example',
    '///evil.example',
    // Decoded once by the query string, the encoded forms are plain slashes and backslashes.
    decodeURIComponent('%2F.%2F%2Fevil.example'),
    decodeURIComponent('%2F%2e%2e%2F%5Cevil.example'),
    decodeURIComponent('%2F%09%2Fevil.example'),
    // Leading blanks or control characters before the slash are not a path of ours.
    ' /\\evil.example',
    '\u0000/evil.example',
    '\t//evil.example',
    // Schemes, with or without slashes.
    'HTTPS://evil.example',
    'http:evil.example',
    '//user@evil.example',
    'data:text/html,hola',
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
    ['/', '/'],
    ['/./areas', '/areas'],
    // Encoded once more, slashes and backslashes stay inside one segment of our own path.
    ['/%2f%2fevil.example', '/%2f%2fevil.example'],
    ['/%5c%5cevil.example', '/%5c%5cevil.example'],
    ['/..%2f/evil.example', '/..%2f/evil.example'],
    // Slash look-alikes (U+2215, U+FF0F) are letters to a browser, never a separator.
    ['/\u2215\u2215evil.example', '/%E2%88%95%E2%88%95evil.example'],
    ['/\uff0f\uff0fevil.example', '/%EF%BC%8F%EF%BC%8Fevil.example'],
  ])('keeps %j as %j', (value, path) => {
    expect(sameOriginPath(value, '/')).toBe(path)
  })
})
