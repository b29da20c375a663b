import type { Option } from '@planillas/domain'
import {
  contractDuration,
  contractPayDate,
  dayMonthYear,
  enumOptions,
  familyAllowanceOn,
  formatMoney,
  isIsoDate,
  isoFromDayMonthYear,
  todayInLima,
} from '@planillas/domain'
import { DateField, MetaFieldShell, ReadOnlyField, SelectField, TextField } from '~/components/form/fields'
import { FormCard } from '~/components/form/form-layout'
import { SwitchField } from '~/components/form/switch-field'
import type { ContractFieldset } from './contract-fieldset'

const durationOptions = enumOptions(contractDuration)
const readOnlyClass =
  'w-full rounded border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-600 shadow-sm'

/**
 * 'Detalles del Contrato': duration, start and the computed end (hidden for an indefinite contract),
 * company, area, position, pay with the family allowance, and the five-year warning.
 */
export function DetailsSection({
  fields,
  hydrated,
  options,
  finishDate,
  totalSalary,
  indefinite,
  warnings,
}: {
  fields: ContractFieldset
  hydrated: boolean
  options: { companies: Option[]; areas: Option[]; positions: Option[] }
  finishDate: string | null
  totalSalary: number | null
  indefinite: boolean
  warnings: string[]
}) {
  const start = isoFromDayMonthYear(String(fields.startDate.value ?? ''))
  const today = todayInLima()
  const allowance = familyAllowanceOn(
    isIsoDate(start) ? contractPayDate({ startDate: start, finishDate }, today) : today,
  )
  const finish = fields.finishDate
  return (
    <FormCard title="Detalles del Contrato">
      <SelectField
        meta={fields.contractType}
        label="Duración del Contrato"
        required
        options={durationOptions}
      />
      <DateField meta={fields.startDate} label="Fecha de Inicio" required />
      {indefinite ? null : (
        <MetaFieldShell meta={finish} label="Fecha de fin" required>
          <div className="flex gap-2">
            <input
              id={finish.id}
              value={dayMonthYear(finishDate)}
              readOnly
              aria-invalid={finish.errors?.length ? true : undefined}
              aria-describedby={finish.errors?.length ? finish.errorId : 'finish-help'}
              className={readOnlyClass}
            />
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value="calculate"
                formNoValidate
                className="rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50"
              >
                Calcular
              </button>
            )}
          </div>
          <p id="finish-help" className="text-xs text-slate-500">
            {hydrated
              ? 'Inicio más la duración (1, 3 o 6 meses o 1 año); se calcula sola.'
              : 'Inicio más la duración (1, 3 o 6 meses o 1 año). Elija la duración y la fecha de inicio y pulse «Calcular» para verla; al guardar se calcula igual.'}
          </p>
        </MetaFieldShell>
      )}
      <SelectField meta={fields.companyId} label="Empresa" required options={options.companies} />
      <SelectField meta={fields.areaId} label="Área" required options={options.areas} />
      <SelectField meta={fields.positionId} label="Cargo" required options={options.positions} />
      <TextField
        meta={fields.baseSalary}
        label="Sueldo Base (S/)"
        required
        inputMode="decimal"
        autoComplete="off"
      />
      <SwitchField
        meta={fields.familyAllowance}
        label="Asignación familiar"
        help={`10 % de la remuneración mínima vital vigente al inicio: ${formatMoney(allowance)}.`}
      />
      <ReadOnlyField id="contract-total-salary" label="Sueldo Total" value={formatMoney(totalSalary)} />
      {warnings.length ? (
        <div
          role="status"
          className="rounded border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:col-span-2"
        >
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      ) : null}
    </FormCard>
  )
}
