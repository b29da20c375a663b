import { useEffect, useRef } from 'react'

/** The problems of a refused upload, counted ('Errores: N') and focused so they are read first. */
export function UploadErrors({ errors }: { errors: string[] }) {
  const alert = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (errors.length) alert.current?.focus()
  }, [errors])
  if (!errors.length) return null
  return (
    <div
      ref={alert}
      tabIndex={-1}
      role="alert"
      aria-labelledby="upload-errors"
      className="rounded border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h2 id="upload-errors" className="font-semibold">
        Errores: {errors.length}
      </h2>
      <ul className="mt-1 list-disc pl-5" data-testid="upload-errors">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  )
}
