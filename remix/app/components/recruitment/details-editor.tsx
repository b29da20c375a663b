import { type FieldMetadata, getTextareaProps } from '@conform-to/react'
import { useRef } from 'react'
import { useHydrated } from '~/utils/use-hydrated'
import { FieldShell } from '../form/fields'

const controlClass =
  'w-full rounded border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm aria-invalid:border-red-600'

type Tool = { label: string; title: string; before: string; after: string }

const TOOLS: Tool[] = [
  { label: 'N', title: 'Negrita', before: '<strong>', after: '</strong>' },
  { label: 'K', title: 'Cursiva', before: '<em>', after: '</em>' },
  { label: 'S', title: 'Subrayado', before: '<u>', after: '</u>' },
  { label: 'Título', title: 'Título', before: '<h3>', after: '</h3>' },
  { label: 'Párrafo', title: 'Párrafo', before: '<p>', after: '</p>' },
  { label: '• Lista', title: 'Lista con viñetas', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: '1. Lista', title: 'Lista numerada', before: '<ol>\n  <li>', after: '</li>\n</ol>' },
  { label: 'Centrar', title: 'Centrar', before: '<p style="text-align:center">', after: '</p>' },
  { label: 'Enlace', title: 'Enlace', before: '<a href="https://">', after: '</a>' },
]

/**
 * 'Detalle de la vacante': HTML in a textarea (the server keeps only allow-listed tags). With
 * JavaScript a small toolbar wraps the selected text in the chosen tag; without, the same
 * textarea accepts the tags typed by hand.
 */
export function DetailsEditor({ meta }: { meta: FieldMetadata<string | null | undefined> }) {
  const hydrated = useHydrated()
  const ref = useRef<HTMLTextAreaElement>(null)
  const { key, ...textarea } = getTextareaProps(meta, { ariaAttributes: true })
  const apply = (tool: Tool) => {
    const el = ref.current
    if (!el) return
    const { selectionStart: start, selectionEnd: end, value } = el
    const next = `${value.slice(0, start)}${tool.before}${value.slice(start, end)}${tool.after}${value.slice(end)}`
    // Through the native setter so that React and conform see an ordinary input event.
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, next)
    el.dispatchEvent(new Event('input', { bubbles: true }))
    el.focus()
    el.setSelectionRange(start + tool.before.length, end + tool.before.length)
  }
  return (
    <FieldShell
      id={meta.id}
      label="Detalle de la vacante"
      required
      errors={meta.errors}
      errorId={meta.errorId}
      help="Admite formato HTML: párrafos, títulos, negrita, cursiva, listas, enlaces y alineación."
    >
      {hydrated ? (
        <div role="toolbar" aria-label="Formato del detalle" className="flex flex-wrap gap-1">
          {TOOLS.map((tool) => (
            <button
              key={tool.title}
              type="button"
              title={tool.title}
              onClick={() => apply(tool)}
              className="rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 hover:bg-slate-100"
            >
              {tool.label}
            </button>
          ))}
        </div>
      ) : null}
      <textarea key={key} ref={ref} {...textarea} rows={10} className={controlClass} />
    </FieldShell>
  )
}
