import { type Executor, padronLoads, rucRegistry } from '@planillas/db'

/** A padrón reducido loaded (LISTO) with the list of 20/08/2026, the one a RUC warning cites; its id. */
export async function loadedPadronReducido(db: Executor): Promise<number> {
  const [load] = await db
    .insert(padronLoads)
    .values({
      kind: 'REDUCIDO',
      listDate: '2026-08-20',
      status: 3,
      progress: 100,
      fileKey: 'x',
      fileName: 'padron_reducido_ruc.zip',
      fileSize: 1,
    })
    .returning()
  return load.id
}

/** `ruc` as the padrón `loadId` gives it: its state ('ACTIVO', 'BAJA DE OFICIO'…) and condition. */
export const padronStanding = (
  db: Executor,
  loadId: number,
  standing: { ruc: string; state: string; condition: string; name?: string },
) => db.insert(rucRegistry).values({ name: 'X', ...standing, loadId })
