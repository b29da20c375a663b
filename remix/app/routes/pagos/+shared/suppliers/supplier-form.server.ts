import {
  SUPPLIER_MESSAGES as M,
  SHARED_ACCOUNT_WARNING_START,
  SupplierSchema,
  SupplierUpdateSchema,
} from '@planillas/domain'
import { data } from 'react-router'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { bankOptions } from '~/bank-options.server'
import { withCurrent } from '~/catalogs.server'
import { districtOption, searchDistricts } from '~/districts.server'
import { echoForm, idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'

/** 'Nuevo proveedor' / 'Editar proveedor': the supplier (on edit), the banks and the expense lines. */
export async function loadSupplierForm(request: Request, idValue: string | undefined) {
  await requirePermission(request, 'proveedores_edicion')
  const id = idValue ? idParam(idValue) : null
  const supplier = id
    ? await orBackToList(request, '/proveedores', () =>
        call(request, 'GET /suppliers/:id', { params: { id } }),
      )
    : null
  const [banks, expenseLines] = await Promise.all([
    bankOptions(request, { id: supplier?.bankId, name: supplier?.bankName }),
    call(request, 'GET /expense-lines'),
  ])
  return {
    supplier,
    banks,
    // An expense line suspended since it was chosen stays selectable for this supplier.
    expenseLines: withCurrent(
      expenseLines.map((l) => ({ value: String(l.id), label: l.description })),
      supplier?.expenseLineId,
      supplier?.expenseLine,
    ),
  }
}

/** The API's refusals that belong beside a field. */
const byMessage: Record<string, string> = {
  [M.duplicate]: 'ruc',
  [M.bankInvalid]: 'bankId',
  [M.expenseLineInvalid]: 'expenseLineId',
  [M.ubigeoInvalid]: 'ubigeo',
}
/** The warning that the account is also another beneficiary's goes beside its tick. */
const fieldOfMessage = (message: string) =>
  message.startsWith(SHARED_ACCOUNT_WARNING_START) ? 'sharedAccountAccepted' : byMessage[message]

/**
 * Guardar, or the district search of the picker without JavaScript (`intent=district`): the form
 * comes back as typed with the districts found.
 */
export async function supplierFormAction(request: Request, idValue: string | undefined) {
  await requirePermission(request, 'proveedores_edicion')
  const id = idValue ? idParam(idValue) : null
  const formData = await request.formData()
  const district = () => districtOption(request, formData.get('ubigeo'))
  if (formData.get('intent') === 'district') {
    const term = String(formData.get('ubigeoSearch') ?? '')
    return data({
      result: echoForm(formData),
      districts: await searchDistricts(request, term),
      districtSearch: term,
      district: await district(),
    })
  }
  const after = { successTo: (savedId: number) => `/proveedores/${savedId}`, fieldOfMessage }
  // The RUC is fixed once registered: an update sends every field but it.
  const saved = id
    ? await saveForm(request, formData, {
        schema: SupplierUpdateSchema,
        save: async (value) => {
          await call(request, 'PUT /suppliers/:id', { params: { id }, body: value })
          return id
        },
        ...after,
      })
    : await saveForm(request, formData, {
        schema: SupplierSchema,
        save: async (value) => (await call(request, 'POST /suppliers', { body: value })).id,
        ...after,
      })
  if (saved instanceof Response) return saved
  // The chosen district is shown again beside the errors.
  return data({ ...saved.data, district: await district() }, saved.init ?? undefined)
}
