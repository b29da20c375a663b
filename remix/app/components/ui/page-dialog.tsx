import type { SubmissionResult } from '@conform-to/react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { type ComponentType, type FormHTMLAttributes, type ReactNode, useEffect, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { buttonClass } from './button'

/** `Form` on the page, `fetcher.Form` in the dialog: the props both are given (conform's among them). */
export type FormLike = ComponentType<
  Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'encType'> & {
    method: 'post'
    encType?: 'multipart/form-data'
    children: ReactNode
  }
>

/**
 * What a refused form's action answers: conform's reply (`submission.reply()`), the messages by
 * field and above the form, and what was typed.
 */
export type FormResult = { result: SubmissionResult<string[]> }

/** What the dialog hands its form so that it is the page's form, sent by a fetcher. */
export type DialogFormProps<R extends FormResult> = {
  result?: R
  FormComponent: FormLike
  action: string
  busy: boolean
  cancel: ReactNode
}

/** Where a dialog sits: a short question centred; a form that may be long from the top, scrolling. */
const DIALOG_LAYOUT = {
  question: {
    place: 'fixed inset-0 flex items-center justify-center p-4',
    panel: 'w-full max-w-sm rounded bg-white p-6 shadow-xl',
  },
  form: {
    place: 'fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center',
    panel: 'w-full max-w-lg rounded bg-white p-6 shadow-xl',
  },
} as const

/**
 * A link to an action's page (`to`), so that it works without JavaScript; with it, the link opens
 * the same action in place as a dialog (`title`, then `children`) while `open`.
 */
export function DialogLink({
  to,
  className,
  label,
  open,
  onOpen,
  onClose,
  title,
  layout = 'question',
  children,
}: {
  to: string
  className: string
  label: ReactNode
  open: boolean
  onOpen: () => void
  onClose: () => void
  title: ReactNode
  layout?: keyof typeof DIALOG_LAYOUT
  children: ReactNode
}) {
  return (
    <>
      <Link
        to={to}
        className={className}
        onClick={(event) => {
          event.preventDefault()
          onOpen()
        }}
      >
        {label}
      </Link>
      <Dialog open={open} onClose={onClose} className="relative z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className={DIALOG_LAYOUT[layout].place}>
          <DialogPanel className={DIALOG_LAYOUT[layout].panel}>
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            {children}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  )
}

/**
 * An action whose form has a page of its own (`href`: its loader gives the form's data, its action
 * takes the form), so that it works without JavaScript; with JavaScript the link opens the same form
 * as a dialog in place, its data loaded from that page and the form sent to it by a fetcher. The
 * page redirects back once done: the dialog closes on that navigation.
 */
export function PageDialogAction<T, R extends FormResult>({
  href,
  label,
  className,
  accept = () => true,
  title,
  form,
}: {
  href: string
  label: string
  className: string
  /** Whether the loaded data is this action's (several actions may share a loader). */
  accept?: (data: T) => boolean
  title: (data: T) => string
  form: (data: T, dialog: DialogFormProps<R>) => ReactNode
}) {
  const location = useLocation()
  const loader = useFetcher<T>()
  const [open, setOpen] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on each navigation
  useEffect(() => setOpen(false), [location.key])
  const loaded = loader.data as T | undefined
  const data = loaded !== undefined && accept(loaded) ? loaded : undefined
  return (
    <DialogLink
      to={href}
      className={className}
      label={label}
      open={open}
      onOpen={() => {
        setOpen(true)
        loader.load(href)
      }}
      onClose={() => setOpen(false)}
      title={data ? title(data) : label}
      layout="form"
    >
      {data ? (
        <DialogForm<R> action={href} onCancel={() => setOpen(false)}>
          {(dialog) => form(data, dialog)}
        </DialogForm>
      ) : (
        <p className="mt-4 text-sm text-slate-600" role="status">
          Cargando…
        </p>
      )}
    </DialogLink>
  )
}

function DialogForm<R extends FormResult>({
  action,
  onCancel,
  children,
}: {
  action: string
  onCancel: () => void
  children: (dialog: DialogFormProps<R>) => ReactNode
}) {
  const fetcher = useFetcher<R>()
  return children({
    result: fetcher.state === 'idle' ? (fetcher.data as R | undefined) : undefined,
    FormComponent: fetcher.Form as unknown as FormLike,
    action,
    busy: fetcher.state !== 'idle',
    cancel: (
      <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
        Cancelar
      </button>
    ),
  })
}

/**
 * The action's own page (without JavaScript, or opened by its address): the dialog's form on a card,
 * its 'Cancelar' a link back to where the action was started.
 */
export function PageDialogCard({
  title,
  back,
  form,
}: {
  title: string
  back: string
  form: (cancel: ReactNode) => ReactNode
}) {
  return (
    <section
      className="mx-auto mt-4 w-full max-w-lg rounded border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="page-dialog-title"
    >
      <h1 id="page-dialog-title" className="text-xl font-semibold">
        {title}
      </h1>
      {form(
        <Link to={back} className={buttonClass('secondary')}>
          Cancelar
        </Link>,
      )}
    </section>
  )
}
