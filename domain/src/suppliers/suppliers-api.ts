import { z } from 'zod'
import type { Wire } from '../common/wire'

/** What the suppliers API answers (`/suppliers`): every field of 'Datos del proveedor'. */
export const SupplierRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  ruc: z.string(),
  name: z.string(),
  address: z.string(),
  contactName: z.string().nullable(),
  ubigeo: z.string().nullable(),
  /** 'DISTRITO / PROVINCIA / DEPARTAMENTO' of the ubigeo, or null. */
  ubigeoDescription: z.string().nullable(),
  authorizer: z.string().nullable(),
  payer: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  supplierType: z.number(),
  managementType: z.number(),
  expenseLineId: z.number().nullable(),
  expenseLine: z.string().nullable(),
  bankIdentifierType: z.number(),
  bankIdentifier: z.string(),
  bankHolder: z.string(),
  bankId: z.string(),
  bankName: z.string().nullable(),
  bankAccount: z.string(),
  accountType: z.number(),
  bankInterAccount: z.string().nullable(),
  detractionAccount: z.string().nullable(),
  retentionAgent: z.boolean(),
  perceptionAgent: z.boolean(),
  goodTaxpayer: z.boolean(),
  /** Who saved an account another beneficiary also holds, and who confirmed it (four eyes). */
  sharedAccountBy: z.string().nullable(),
  sharedAccountAt: z.date().nullable(),
  sharedAccountConfirmedBy: z.string().nullable(),
  sharedAccountConfirmedAt: z.date().nullable(),
  status: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

/** One dated period of the supplier's RUC's tax status (docs/decisions/supplier-tax-status.md). */
export const TaxStatusPeriodSchema = z.object({
  kind: z.enum(['AGENTE_RETENCION', 'AGENTE_PERCEPCION', 'BUEN_CONTRIBUYENTE']),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** MANUAL: the supplier form's; PADRON: a load of a SUNAT padrón (`loadId`). */
  source: z.enum(['MANUAL', 'PADRON']),
  loadId: z.number().nullable(),
  resolution: z.string().nullable(),
})

/** `GET /suppliers/:id`: the supplier with its RUC's tax-status periods (the flags are today's). */
export const SupplierDetailSchema = SupplierRowSchema.extend({
  taxStatusPeriods: z.array(TaxStatusPeriodSchema),
  /** Who else holds its account or CCI now, as the warning names them (docs/decisions/shared-accounts.md). */
  sharedWith: z.array(z.string()),
  /**
   * The warning when the last padrón reducido loaded says its RUC is not ACTIVO or not HABIDO
   * (docs/decisions/sunat-padrones.md), citing the padrón's date; null otherwise.
   */
  rucWarning: z.string().nullable(),
})

/** `GET /suppliers`: the active suppliers, for the dropdowns and filters. */
export const SupplierOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  ruc: z.string(),
  name: z.string(),
})

export type SupplierRow = Wire<typeof SupplierRowSchema>
export type SupplierOption = Wire<typeof SupplierOptionSchema>
export type SupplierDetail = Wire<typeof SupplierDetailSchema>
