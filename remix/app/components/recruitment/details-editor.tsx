import { type FieldMetadata, getTextareaProps } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated'
import { MetaFieldShell } from '../form/fields'

const LABEL = 'Detalle de la vacante'
const HELP =
  'Admite formato HTML: párrafos, títulos, negrita, cursiva, subrayado, listas, enlaces y alineación.'
const surface =
  'w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm aria-invalid:border-red-600'

type Command = { label: string; title: string; run: (exec: (name: string, value?: string) => void) => void }

/** The formatting the server keeps (api/src/modules/job-openings/sanitize.ts), as editor commands. */
const COMMANDS: Command[] = [
  { label: 'N', title: 'Negrita', run: (x) => x('bold') },
  { label: 'K', title: 'Cursiva', run: (x) => x('italic') },
  { label: 'S', title: 'Subrayado', run: (x) => x('underline') },
  { label: 'Título', title: 'Título', run: (x) => x('formatBlock', 'h3') },
  { label: 'Párrafo', title: 'Párrafo', run: (x) => x('formatBlock', 'p') },
  { label: 'Viñetas', title: 'Lista con viñetas', run: (x) => x('insertUnorderedList') },
  { label: 'Numerada', title: 'Lista numerada', run: (x) => x('insertOrderedList') },
  { label: 'Izquierda', title: 'Alinear a la izquierda', run: (x) => x('justifyLeft') },
  { label: 'Centrar', title: 'Centrar', run: (x) => x('justifyCenter') },
  { label: 'Derecha', title: 'Alinear a la derecha', run: (x) => x('justifyRight') },
  {
    label: 'Enlace',
    title: 'Enlace',
    run: (x) => {
      const url = window.prompt('Dirección del enlace (https://…)', 'https://')
      if (url && /^(https?:\/\/|mailto:)/i.test(url.trim())) x('createLink', url.trim())
    },
  },
  { label: 'Quitar formato', title: 'Quitar formato', run: (x) => x('removeFormat') },
]

/**
 * What the visual editor may render of the HTML typed by hand: no scripts, frames or event
 * handlers run in the page. The server's allow-list decides what is stored.
 */
function renderable(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  for (const el of doc.body.querySelectorAll('script, style, iframe, object, embed, link, meta, form'))
    el.remove()
  for (const el of doc.body.querySelectorAll('*')) {
    for (const attribute of [...el.attributes]) {
      const unsafeUrl = /^\s*javascript:/i.test(attribute.value)
      if (attribute.name.startsWith('on') || unsafeUrl) el.removeAttribute(attribute.name)
    }
  }
  return doc.body.innerHTML
}

/**
 * 'Detalle de la vacante': with JavaScript a visual editor (formatting, headings,
 * lists, alignment, links) with an HTML view and a full-screen mode; without, the HTML in a
 * textarea. Either way the form posts the HTML in the textarea, and the server keeps only
 * allow-listed tags.
 */
export function DetailsEditor({ meta }: { meta: FieldMetadata<string | null | undefined> }) {
  const hydrated = useHydrated()
  const source = useRef<HTMLTextAreaElement>(null)
  const visual = useRef<HTMLDivElement>(null)
  const [htmlView, setHtmlView] = useState(false)
  const [fullscreen, setFullscreen] = useState(false)
  const { key, ...textarea } = getTextareaProps(meta, { ariaAttributes: true })
  const editing = hydrated && !htmlView

  // Entering the visual editor (on hydration, or back from the HTML view) shows the HTML as it is now.
  useEffect(() => {
    if (editing && visual.current && source.current)
      visual.current.innerHTML = renderable(source.current.value)
  }, [editing])

  // Escape leaves full screen.
  useEffect(() => {
    if (!fullscreen) return
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen(false)
    }
    document.addEventListener('keydown', leave)
    return () => document.removeEventListener('keydown', leave)
  }, [fullscreen])

  /** The visual editor's HTML into the textarea, through the native setter so conform sees an input. */
  const sync = () => {
    const el = source.current
    if (!el || !visual.current) return
    const html = visual.current.innerHTML === '<br>' ? '' : visual.current.innerHTML
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, html)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }
  const exec = (name: string, value?: string) => {
    visual.current?.focus()
    document.execCommand(name, false, value)
    sync()
  }

  const invalid = meta.errors?.length ? true : undefined
  return (
    <MetaFieldShell meta={meta} label={LABEL} required help={HELP}>
      <div
        className={
          fullscreen
            ? 'fixed inset-0 z-50 flex flex-col gap-2 overflow-auto bg-white p-6'
            : 'flex flex-col gap-1'
        }
      >
        {fullscreen ? <p className="text-lg font-semibold">{LABEL}</p> : null}
        {hydrated ? (
          <div role="toolbar" aria-label="Formato del detalle" className="flex flex-wrap gap-1">
            {COMMANDS.map((command) => (
              <ToolButton
                key={command.title}
                title={command.title}
                disabled={htmlView}
                onClick={() => command.run(exec)}
              >
                {command.label}
              </ToolButton>
            ))}
            <span className="mx-1 border-l border-slate-300" aria-hidden />
            <ToolButton
              title="Ver y editar el HTML"
              pressed={htmlView}
              onClick={() => setHtmlView(!htmlView)}
            >
              HTML
            </ToolButton>
            <ToolButton
              title="Pantalla completa"
              pressed={fullscreen}
              onClick={() => setFullscreen(!fullscreen)}
            >
              Pantalla completa
            </ToolButton>
          </div>
        ) : null}
        {editing ? (
          // biome-ignore lint/a11y/useSemanticElements: a rich-text surface is a contentEditable element; a textarea holds only plain text
          <div
            ref={visual}
            id={meta.id}
            role="textbox"
            tabIndex={0}
            aria-multiline="true"
            aria-label={LABEL}
            aria-invalid={invalid}
            aria-describedby={invalid ? meta.errorId : undefined}
            contentEditable
            suppressContentEditableWarning
            // New lines become paragraphs, as the HTML view and the vacancy page expect.
            onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
            onInput={sync}
            onBlur={sync}
            className={`${surface} rich-text overflow-auto ${fullscreen ? 'min-h-0 flex-1' : 'min-h-60'}`}
          />
        ) : null}
        <textarea
          key={key}
          ref={source}
          {...textarea}
          id={editing ? `${meta.id}-html` : meta.id}
          hidden={editing}
          rows={fullscreen ? 30 : 10}
          className={`${surface} font-mono ${fullscreen ? 'flex-1' : ''}`}
        />
      </div>
    </MetaFieldShell>
  )
}

function ToolButton({
  title,
  pressed,
  disabled,
  onClick,
  children,
}: {
  title: string
  pressed?: boolean
  disabled?: boolean
  onClick: () => void
  children: string
}) {
  return (
    <button
      type="button"
      title={title}
      aria-label={title === children ? undefined : title}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the selection in the visual editor when a button is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 hover:bg-slate-100 disabled:opacity-40 aria-pressed:bg-primary-light aria-pressed:text-primary-dark"
    >
      {children}
    </button>
  )
}
