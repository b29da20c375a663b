import { Form, useSubmit } from '@remix-run/react'
import { useRef } from 'react'
import { KeepParams } from './keep-params'

/**
 * The search box: a GET form that keeps the other filters. With JavaScript it searches as the
 * user types (after a short pause); without it, Enter or the button submits.
 */
export function SearchBar({ placeholder, value }: { placeholder: string; value?: string }) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  return (
    <Form method="get" role="search" className="flex gap-2" onSubmit={() => clearTimeout(timer.current)}>
      <KeepParams except={['search', 'page']} />
      <label className="sr-only" htmlFor="list-search">
        {placeholder}
      </label>
      <input
        id="list-search"
        type="search"
        name="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        className="w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm"
        onChange={(event) => {
          const form = event.currentTarget.form
          clearTimeout(timer.current)
          timer.current = setTimeout(() => submit(form, { replace: true }), 400)
        }}
      />
      <button
        type="submit"
        className="rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50"
      >
        Buscar
      </button>
    </Form>
  )
}
