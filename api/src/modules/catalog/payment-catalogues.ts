import { expenseLines, projectTypes, rejectReasons } from '@planillas/db'
import type { Permission } from '@planillas/domain'
import { catalogRoutes } from './routes'

/**
 * The supplier payments' small catalogues, maintained by whoever holds `pagos_catalogos`
 * and read by the screens that pick from them: the supplier form (líneas de gasto), the voucher
 * form and list filters, the authorize dialog (tipos de proyecto), the reject dialog (motivos).
 */
const maintain = {
  list: 'pagos_catalogos',
  edit: 'pagos_catalogos',
  download: 'pagos_catalogos',
} as const satisfies Record<string, Permission>

export const expenseLineRoutes = catalogRoutes({
  table: expenseLines,
  resource: 'expense-lines',
  access: {
    ...maintain,
    options: [
      'pagos_catalogos',
      'proveedores_lista',
      'proveedores_edicion',
      'pagos_lista_lista',
      'pagos_registrar',
      'pagos_generar_lista',
    ],
  },
  noun: { one: 'la línea de gasto', title: 'Líneas de gasto' },
  duplicateMessage: 'Ya existe una línea de gasto con la misma descripción',
  uniqueConstraint: 'expense_lines_description_unique',
})

export const projectTypeRoutes = catalogRoutes({
  table: projectTypes,
  resource: 'project-types',
  access: { ...maintain, options: ['pagos_catalogos', 'pagos_lista_lista', 'pagos_autorizar'] },
  noun: { one: 'el tipo de proyecto', title: 'Tipos de proyecto' },
  duplicateMessage: 'Ya existe un tipo de proyecto con la misma descripción',
  uniqueConstraint: 'project_types_description_unique',
})

export const rejectReasonRoutes = catalogRoutes({
  table: rejectReasons,
  resource: 'reject-reasons',
  access: { ...maintain, options: ['pagos_catalogos', 'pagos_lista_lista', 'pagos_rechazar'] },
  noun: { one: 'el motivo de rechazo', title: 'Motivos de rechazo' },
  duplicateMessage: 'Ya existe un motivo de rechazo con la misma descripción',
  uniqueConstraint: 'reject_reasons_description_unique',
})
