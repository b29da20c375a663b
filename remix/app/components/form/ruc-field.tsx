import type { FieldMetadata } from '@conform-to/react'
import type { RucLookup as Lookup } from '@planillas/domain'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { TextField } from './fields'

/** The API's answer to a RUC look-up, or the message of a RUC it refused. */
export type RucLookup = Lookup | { error: string }

/**
 * With JavaScript: look the RUC up (`${source}/${ruc}`, a JSON route) when its 11th digit is
 * typed; a RUC already registered is flagged at once (`duplicateMessage`), and the RUC service's
 * name and address are handed to `onFound` to fill the empty fields. Returns the message.
 */
export function useRucLookup(
  source: string,
  ruc: string | undefined | null,
  duplicateMessage: string,
  onFound: (found: { name: string | null; address: string | null }) => void,
) {
  const fetcher = useFetcher<RucLookup>()
  const complete = ruc && /^\d{11}$/.test(ruc) ? ruc : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per complete RUC
  useEffect(() => {
    if (complete) fetcher.load(`${source}/${complete}`)
  }, [complete])
  const data = complete ? fetcher.data : undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per answer
  useEffect(() => {
    if (data && !('error' in data) && !data.alreadyExists) onFound(data)
  }, [data])
  if (!data || 'error' in data) return null
  return data.alreadyExists ? duplicateMessage : null
}

/** 'R.U.C.' of a new record, with what the look-up said (a RUC already registered) beneath it. */
export function RucField({
  meta,
  lookupMessage,
}: {
  meta: FieldMetadata<string | null | undefined>
  lookupMessage: string | null
}) {
  return (
    <div>
      <TextField meta={meta} label="R.U.C." required inputMode="numeric" maxLength={11} autoComplete="off" />
      {/* Said once: the server's answer to a save names the same duplicate under the field. */}
      {lookupMessage && !meta.errors?.includes(lookupMessage) ? (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {lookupMessage}
        </p>
      ) : null}
    </div>
  )
}
