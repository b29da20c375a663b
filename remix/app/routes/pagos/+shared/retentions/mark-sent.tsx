import { dayMonthYear } from '@planillas/domain'
import type { ReactNode } from 'react'
import { controlClass } from '~/components/form/fields'
import { buttonClass } from '~/components/ui/button'
import { DATE_FIELDS_KEY } from '~/utils/date-fields'

/**
 * 'Marcar enviado' of a document SUNAT or the OSE receives (a CRE, a resumen de reversiones): the day
 * it reached them (DD/MM/AAAA, today by default), folded under its summary; a plain form, so it works
 * without JavaScript.
 */
export function MarkSentForm({
  action,
  id,
  name,
  today,
  keep,
}: {
  action: string
  id: number
  /** The document's number as the button names it ('R001-12', 'RR-20261129-1'). */
  name: string
  today: string
  /** Hidden fields that bring the list back as it was (month, state). */
  keep: ReactNode
}) {
  return (
    <details>
      <summary className="cursor-pointer underline">Marcar enviado</summary>
      <form method="post" action={action} className="mt-2 flex flex-col gap-2">
        {keep}
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="send" />
        <label htmlFor={`sentOn-${id}`} className="text-xs">
          Fecha de envío (DD/MM/AAAA)
        </label>
        <input
          id={`sentOn-${id}`}
          name="sentOn"
          defaultValue={dayMonthYear(today)}
          inputMode="numeric"
          maxLength={10}
          className={controlClass}
        />
        <input type="hidden" name={DATE_FIELDS_KEY} value="sentOn" />
        <button type="submit" className={buttonClass('primary')}>
          Marcar {name} como enviado
        </button>
      </form>
    </details>
  )
}
