import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { expect, it } from 'vitest'

// What the React Router plugin sets before it reads routes.ts.
;(globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = import.meta.dirname

/** Each route's address ('(index)' for an index route, and its parent's when it is nested in one). */
function addresses(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const url = `${parent}/${entry.path ?? ''}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')
    const line = `${url}${entry.index ? ' (index)' : ''}${parent ? ` (inside ${parent})` : ''}`
    return [line, ...addresses(entry.children ?? [], url)]
  })
}

it('keeps every address the web tier answered before its routes moved into section folders', async () => {
  const { default: routes } = await import('./routes')
  const expected = readFileSync(path.join(import.meta.dirname, 'routes.urls.txt'), 'utf8')
    .trim()
    .split('\n')
  expect(addresses(await routes).sort()).toEqual(expected)
})

it('puts every route file in a menu section folder, except the few that serve every section', async () => {
  const { default: routes, SECTIONS } = await import('./routes')
  const outside = (await routes)
    .map((r) => r.file)
    .filter((file) => !SECTIONS.some((s) => file.startsWith(`routes/${s}/`)))
  expect(outside.sort()).toEqual(
    [
      '$',
      '_index',
      'auditoria',
      'avisos',
      'ayuda',
      'descargar.$resource',
      'estado.$resource.$id',
      'estado.$resource.confirmar',
      'filtrar.$',
      'estado.$resource._index',
      'login',
      'login_.callback',
      'logout',
      'referencia.distritos',
    ]
      .map((name) => `routes/${name}.tsx`)
      .sort(),
  )
})
