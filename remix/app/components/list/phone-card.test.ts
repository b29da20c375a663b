import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Column } from './column'
import { DataTable } from './data-table'
import { PHONE_LABELLED_CELLS, phoneCard, TOGGLE_NAME } from './phone-card'

type Row = { id: number; code: string; name: string; area: string; status: string }

const COLUMNS: Column<Row>[] = [
  { header: 'Código', cell: (r) => r.code, mobile: 'title' },
  { header: 'Área', cell: (r) => r.area },
  { header: 'Nombre', cell: (r) => r.name, mobile: 'title' },
  { header: 'Interno', cell: () => 'x', mobile: 'hidden' },
  { header: 'Estado', cell: (r) => r.status, mobile: 'detail' },
]

const ROWS: Row[] = [
  { id: 7, code: 'AR-0007', name: 'Finanzas', area: 'Lima', status: 'ACTIVO' },
  { id: 8, code: 'AR-0008', name: 'Logística', area: 'Callao', status: 'SUSPENDIDO' },
]

describe('a phone card', () => {
  it('puts the title columns in its head, the others behind its toggle, the hidden nowhere', () => {
    const card = phoneCard(COLUMNS, false, true)
    expect(card.roles).toEqual(['title', 'detail', 'title', 'hidden', 'detail'])
    expect([card.firstTitle, card.lastTitle]).toEqual([0, 2])
    expect(card.toggle).toBe(true)
  })

  it('names the detail cells by their place in the row, after the selection box when there is one', () => {
    expect(phoneCard(COLUMNS, false, false).labels).toEqual({ '--l2': '"Área"', '--l5': '"Estado"' })
    expect(phoneCard(COLUMNS, true, false).labels).toEqual({ '--l3': '"Área"', '--l6': '"Estado"' })
    const quoted = phoneCard([{ header: 'Dice "sí" \\ no', cell: () => '' }, ...COLUMNS], false, false)
    expect(quoted.labels).toMatchObject({ '--l1': '"Dice \\"sí\\" \\\\ no"' })
  })

  it('heads a card with the first shown column when none is marked, and opens only to something', () => {
    const plain = phoneCard<Row>([{ header: 'Empresa', cell: (r) => r.name }], false, false)
    expect(plain.roles).toEqual(['title'])
    expect(plain.toggle).toBe(false)
    expect(phoneCard<Row>([{ header: 'Empresa', cell: (r) => r.name }], false, true).toggle).toBe(true)
  })

  it('has the stylesheet name every cell up to PHONE_LABELLED_CELLS', () => {
    const css = readFileSync(path.join(import.meta.dirname, '../../tailwind.css'), 'utf8')
    for (let n = 1; n <= PHONE_LABELLED_CELLS; n++) {
      expect(css).toContain(`td:nth-child(${n})::before {\n    content: var(--l${n}, none);`)
    }
  })
})

describe('the list table', () => {
  const render = (selectable?: (row: Row) => string) =>
    renderToStaticMarkup(
      createElement(
        StaticRouter,
        { location: '/areas' },
        createElement(DataTable<Row>, {
          caption: 'Áreas',
          columns: COLUMNS,
          rows: ROWS,
          rowKey: (r) => r.id,
          actions: (r) => createElement('a', { href: `/areas/${r.id}` }, 'Editar'),
          selectable,
        }),
      ),
    )

  it('is one markup: a table whose rows are the cards, no list of them beside it', () => {
    const html = render((r) => `Seleccionar ${r.code}`)
    expect(html.match(/<table/g)).toHaveLength(1)
    expect(html).not.toMatch(/<ul|<li/)
    // Each row once: its checkbox, its code, its action.
    expect(html.match(/name="ids"/g)).toHaveLength(2)
    expect(html.match(/AR-0007/g)).toHaveLength(2) // the code's cell and the checkbox's name
    expect(html.match(/href="\/areas\/7"/g)).toHaveLength(1)
    expect(html).toContain('style="--l3:&quot;Área&quot;;--l6:&quot;Estado&quot;"')
  })

  it("gives each row a 'Detalle' in its last title's cell, named after its first title", () => {
    const html = render()
    const [, prefix] = /<span hidden="" id="([^"]+)">([^<]+)<\/span>/.exec(html) ?? []
    expect(html).toContain(`id="${prefix}">${TOGGLE_NAME}</span>`)
    for (const row of ROWS) {
      const first = new RegExp(`<td id="([^"]+)" class="list-cell list-title">${row.code}</td>`).exec(html)
      expect(first, row.code).not.toBeNull()
      const last = `<td class="list-cell list-title">${row.name}<details class="list-toggle"><summary aria-labelledby="${prefix} ${first?.[1]}"></summary></details></td>`
      expect(html).toContain(last)
    }
    expect(html).toContain('<td class="list-cell phone-hidden">x</td>')
    expect(html).toContain('<td class="list-cell">Lima</td>')
  })
})
