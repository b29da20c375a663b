import { useSearchParams } from 'react-router'

/** Hidden inputs that carry the current URL's parameters through a GET form, except the ones it sets. */
export function KeepParams({ except }: { except: string[] }) {
  const [params] = useSearchParams()
  const kept = [...params.entries()].filter(([k]) => !except.includes(k))
  return (
    <>
      {kept.map(([k, v]) => (
        <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
      ))}
    </>
  )
}
