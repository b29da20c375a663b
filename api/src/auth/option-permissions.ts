import type { Permission } from '@planillas/domain'

/**
 * Who may read the full option lists (`GET /{resource}`, the dropdowns): the module's own list
 * permission, or a permission of a screen that offers those options — an edit form that picks
 * from them, or a list whose filters do. Names and DNIs are not for every signed-in user
 * (the auditor, say); a clerk editing contracts still gets the areas of the contract form.
 */
export const OPTION_PERMISSIONS = {
  areas: [
    'areas_lista',
    'colaboradores_lista',
    'colaboradores_edicion',
    'contratos_lista',
    'contratos_edicion',
    'vacantes_edicion',
    'postulantes_lista',
  ],
  cargos: [
    'cargos_lista',
    'colaboradores_lista',
    'colaboradores_edicion',
    'contratos_lista',
    'contratos_edicion',
    'vacantes_edicion',
    'postulantes_lista',
  ],
  empresas: [
    'empresas_lista',
    'colaboradores_lista',
    'colaboradores_edicion',
    'contratos_lista',
    'contratos_edicion',
    'postulantes_lista',
    // The paying company of a supplier voucher: its form and the vouchers list's filter.
    'pagos_lista_lista',
    'pagos_registrar',
    // The declaring company of 'Retenciones de cuarta categoría' (its RUC names the PLAME files).
    'pagos_descarga_excel',
    // The declaring company of a payroll's PLAME and AFPnet files (its RUC names them).
    'planillas_descarga_excel',
  ],
  // The contract form and the vacancy form ('Solicitado por') search employees.
  colaboradores: ['colaboradores_lista', 'contratos_edicion', 'vacantes_edicion'],
  planillas: ['planillas_lista', 'planillas_carga', 'planillas_abonos'],
  contratos: ['contratos_lista', 'contratos_edicion'],
} as const satisfies Record<string, readonly Permission[]>

export type OptionModule = keyof typeof OPTION_PERMISSIONS
