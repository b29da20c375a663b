import { useRef } from 'react'
import { Form, useSubmit } from 'react-router'
import { KeepParams } from './keep-params'

/**
 * The search box: a GET form that keeps the other filters. With JavaScript it searches as the
 * user types (after a short pause); without it, Enter or the button submits. On a phone the
 * placeholder (the specified text, often longer than the box) shows whole as a label above the box instead
 * of cut inside it.
 */
export function SearchBar({ placeholder, value }: { placeholder: string; value?: string }) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-wrap items-end gap-x-2 gap-y-1"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <KeepParams except={['search', 'page']} />
      <label className="w-full text-sm text-slate-700 sm:sr-only" htmlFor="list-search">
        {placeholder}
      </label>
      <input
        id="list-search"
        type="search"
        name="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-3 py-2 text-sm max-sm:placeholder:text-transparent"
        onChange={(event) => {
          const form = event.currentTarget.form
          clearTimeout(timer.current)
          timer.current = setTimeout(() => submit(form, { replace: true }), 400)
        }}
      />
      <button
        type="submit"
        className="shrink-0 rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50"
      >
        Buscar
      </button>
    </Form>
  )
}
