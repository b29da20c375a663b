import {
  supplierSuspensionCertificates as c,
  type Database,
  type Executor,
  recordAudit,
  suppliers,
} from '@planillas/db'
import {
  formatDate,
  isNaturalPersonRuc,
  SUSPENSION_MESSAGES as M,
  type SuspensionCertificate,
  type SuspensionCertificateInput,
} from '@planillas/domain'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { badRequest, found, notFound, withUniqueMessages } from '../../lib/errors'

/** The last day a certificate suspends the retention: 31 December of the year it was granted. */
const validUntil = (grantedOn: string) => `${grantedOn.slice(0, 4)}-12-31`

/** A supplier's constancias de suspensión, newest grant first (404 when the supplier does not exist). */
export async function listSuspensionCertificates(db: Executor, supplierId: number) {
  found((await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)))[0])
  const rows = await db
    .select()
    .from(c)
    .where(eq(c.supplierId, supplierId))
    .orderBy(desc(c.grantedOn), desc(c.id))
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    grantedOn: r.grantedOn,
    validUntil: validUntil(r.grantedOn),
    createdBy: r.createdBy,
    createdAt: r.createdAt,
  }))
}

/** The certificates of each supplier, by supplier: what the fourth-category rule reads at approval and payment. */
export async function suspensionsBySupplier(
  db: Executor,
  supplierIds: readonly number[],
): Promise<Map<number, SuspensionCertificate[]>> {
  const bySupplier = new Map<number, SuspensionCertificate[]>()
  if (!supplierIds.length) return bySupplier
  const rows = await db
    .select({ supplierId: c.supplierId, number: c.number, grantedOn: c.grantedOn })
    .from(c)
    .where(inArray(c.supplierId, [...new Set(supplierIds)]))
  for (const r of rows) {
    const list = bySupplier.get(r.supplierId) ?? []
    list.push({ number: r.number, grantedOn: r.grantedOn })
    bySupplier.set(r.supplierId, list)
  }
  return bySupplier
}

/** The supplier locked for the change (a natural person only, RUC 10…). */
async function naturalPerson(tx: Executor, supplierId: number) {
  const supplier = found(
    (await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('update'))[0],
  )
  if (!isNaturalPersonRuc(supplier.ruc)) throw badRequest(M.notNaturalPerson(supplier.ruc))
  return supplier
}

/** 'Agregar constancia': one transaction, audited; a number the supplier already has is refused. */
export function addSuspensionCertificate(
  db: Database,
  actor: string,
  supplierId: number,
  input: SuspensionCertificateInput,
): Promise<number> {
  return withUniqueMessages(
    () =>
      db.transaction(async (tx) => {
        const supplier = await naturalPerson(tx, supplierId)
        const [same] = await tx
          .select({ id: c.id })
          .from(c)
          .where(and(eq(c.supplierId, supplierId), eq(c.number, input.number)))
        if (same) throw badRequest(M.duplicate(input.number))
        const [row] = await tx
          .insert(c)
          .values({ supplierId, number: input.number, grantedOn: input.grantedOn, createdBy: actor })
          .returning({ id: c.id })
        await recordAudit(tx, {
          action: 'CREATE',
          entity: 'suppliers',
          entityId: supplierId,
          actor,
          description: `Registró la constancia de suspensión de retenciones de cuarta categoría N° ${input.number} del proveedor ${supplier.code} (otorgada el ${formatDate(input.grantedOn)}, vigente del día siguiente al ${formatDate(validUntil(input.grantedOn))})`,
        })
        return row.id
      }),
    { supplier_suspension_certificates_unique: M.duplicate(input.number) },
  )
}

/** 'Eliminar constancia': one transaction, audited; a certificate of another supplier is a 404. */
export function removeSuspensionCertificate(
  db: Database,
  actor: string,
  supplierId: number,
  certificateId: number,
) {
  return db.transaction(async (tx) => {
    const supplier = found(
      (await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('update'))[0],
    )
    const [removed] = await tx
      .delete(c)
      .where(and(eq(c.id, certificateId), eq(c.supplierId, supplierId)))
      .returning()
    if (!removed) throw notFound(M.notFound)
    await recordAudit(tx, {
      action: 'DELETE',
      entity: 'suppliers',
      entityId: supplierId,
      actor,
      description: `Eliminó la constancia de suspensión de retenciones de cuarta categoría N° ${removed.number} del proveedor ${supplier.code} (otorgada el ${formatDate(removed.grantedOn)})`,
    })
    return removed.id
  })
}
