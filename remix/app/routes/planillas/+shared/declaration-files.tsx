import { periodLabel } from '@planillas/domain'
import { controlClass, FieldShell } from '~/components/form/fields'
import { buttonClass } from '~/components/ui/button'

/** The page of 'Declarar un mes', where a refusal is shown with the choice kept. */
export const MONTH_DECLARATION_PAGE = '/planillas/declaracion'

type Company = { id: number; name: string; ruc: string }

/**
 * PLAME's .rem and .jor and the AFPnet sheet, for the company that declares (and, for a company's
 * month, the period): a plain GET form (no client-side navigation), so the browser downloads the
 * file with or without JavaScript.
 */
export function DeclarationFilesForm({
  action,
  companies,
  periods,
  chosen = {},
}: {
  action: string
  companies: Company[]
  /** The periods to choose from: a company's month; none on a payroll, which has its own. */
  periods?: string[]
  /** What the person chose last (kept after a refusal). */
  chosen?: { empresa?: string; periodo?: string }
}) {
  if (!companies.length)
    return (
      <p className="text-sm text-slate-700">Registre la empresa que declara en Mantenimiento › Empresas.</p>
    )
  return (
    <form
      method="get"
      action={action}
      className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
    >
      <FieldShell id="empresa" label="Empresa que declara" errorId="empresa-error" className="sm:w-80">
        <select id="empresa" name="empresa" className={controlClass} defaultValue={chosen.empresa}>
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.ruc})
            </option>
          ))}
        </select>
      </FieldShell>
      {periods ? (
        <FieldShell id="periodo" label="Periodo" errorId="periodo-error" className="sm:w-40">
          <select id="periodo" name="periodo" className={controlClass} defaultValue={chosen.periodo}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {periodLabel(p)}
              </option>
            ))}
          </select>
        </FieldShell>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="archivo" value="rem" className={buttonClass('secondary')}>
          Descargar .rem
        </button>
        <button type="submit" name="archivo" value="jor" className={buttonClass('secondary')}>
          Descargar .jor
        </button>
        <button type="submit" name="archivo" value="afpnet" className={buttonClass('secondary')}>
          Descargar hoja AFPnet
        </button>
      </div>
    </form>
  )
}
