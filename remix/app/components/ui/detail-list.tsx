import { EMPTY } from '@planillas/domain'
import type { ReactNode } from 'react'

/** A read-only record: label and value pairs in a card; empty values show '---'. */
export function DetailCard({
  title,
  items,
}: {
  title: string
  items: { label: string; value: ReactNode }[]
}) {
  return (
    <section
      className="rounded border border-slate-200 bg-white p-5 shadow-sm print:p-3 print:shadow-none"
      aria-label={title}
      data-print-card
    >
      <h2 className="mb-4 text-base font-semibold text-primary-dark print:mb-2">{title}</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3 print:gap-y-2">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{item.label}</dt>
            <dd className="mt-1 text-slate-900">
              {item.value === null || item.value === undefined || item.value === '' ? EMPTY : item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
